//! SAN and long notation on boards with qualified cell names (`p:a1`, `1:a1`): moves
//! that leave the qualifier out, ambiguity over boards, full names winning, the
//! separated long form and hostile text.

use super::{parse_move, san};
use crate::qualified::unqualified;
use crate::testing::compile;
use crate::{MoveError, Position, Variant};
use std::sync::Arc;

/// Two separate 4x4 boards side by side, cells `{q}:a1` .. `{q}:d4` for each
/// qualifier `q`, with the eight king directions inside each board.
fn twin_board(quals: [&str; 2]) -> String {
    let mut y = String::from("name: twin\nseats: [white, black]\ndirections:\n");
    for (d, o) in [("n", "s"), ("e", "w"), ("ne", "sw"), ("nw", "se")] {
        y += &format!("  {d}: {{ opposite: {o} }}\n  {o}: {{ opposite: {d} }}\n");
    }
    y += "cells:\n";
    let steps = [
        ("n", 0, 1),
        ("s", 0, -1),
        ("e", 1, 0),
        ("w", -1, 0),
        ("ne", 1, 1),
        ("nw", -1, 1),
        ("se", 1, -1),
        ("sw", -1, -1),
    ];
    let name = |q: &str, f: i32, r: i32| format!("'{q}:{}{}'", (b'a' + f as u8) as char, r + 1);
    for (b, q) in quals.iter().enumerate() {
        for r in 0..4 {
            for f in 0..4 {
                let links: Vec<String> = steps
                    .iter()
                    .filter(|(_, df, dr)| (0..4).contains(&(f + df)) && (0..4).contains(&(r + dr)))
                    .map(|(d, df, dr)| format!("{d}: {}", name(q, f + df, r + dr)))
                    .collect();
                y += &format!(
                    "  - {{ name: {}, at: [{}, {r}], links: {{ {} }} }}\n",
                    name(q, f, r),
                    b as i32 * 5 + f,
                    links.join(", ")
                );
            }
        }
    }
    y += "rows:\n";
    for r in (0..4).rev() {
        let row: Vec<String> = quals
            .iter()
            .flat_map(|q| (0..4).map(move |f| name(q, f, r)))
            .collect();
        y += &format!("  - [{}]\n", row.join(", "));
    }
    y
}

/// The twin board with kings, rooks, knights and pawns set up as `setup`.
fn twin(quals: [&str; 2], setup: &str) -> Arc<Variant> {
    let rules = format!(
        "board \"twin.yaml\"\nplayer white\nplayer black\n\
         dirs forward = n for white, s for black\ndirs takes = ne nw for white, se sw for black\n\
         piece king K royal {{\n step n e s w ne nw se sw\n}}\npiece rook R {{\n slide n e s w\n}}\n\
         piece knight N {{\n leap n.n.e n.n.w s.s.e s.s.w e.e.n e.e.s w.w.n w.w.s\n}}\n\
         piece pawn P pawn {{\n step forward to empty\n step takes to enemy\n}}\n\
         {setup}\ncheck always\nend checkmate: lose\nend stalemate: draw\n"
    );
    compile(&rules, &twin_board(quals)).unwrap()
}

/// The long notation of the move `text` reads as, or its error.
fn read(p: &mut Position, text: &str) -> Result<String, MoveError> {
    parse_move(p, text).map(|m| p.long(m))
}

/// The candidates of an ambiguity, or a panic.
fn candidates(p: &mut Position, text: &str) -> Vec<String> {
    match parse_move(p, text) {
        Err(MoveError::Ambiguous { candidates, .. }) => candidates,
        other => panic!("{text}: {other:?}"),
    }
}

/// `text` with every qualifier left out (`Np:b1p:c3` -> `Nb1c3`).
fn strip_qualifiers(v: &Variant, text: &str) -> String {
    let mut out = text.to_owned();
    for c in 0..v.cell_count() as crate::Cell {
        let name = v.cell_name(c);
        if let Some(short) = unqualified(name) {
            out = out.replace(name, short);
        }
    }
    out
}

/// Every legal move: its SAN and long form read back as the move, and its SAN without
/// qualifiers reads as the move or is ambiguous with the move among the candidates.
fn round_trip_unqualified(p: &mut Position) -> usize {
    let v = Arc::clone(p.variant());
    let before = p.to_string();
    let moves = p.legal_moves();
    for &m in moves.iter() {
        let (s, long) = (san(p, m), p.long(m));
        assert_eq!(parse_move(p, &s), Ok(m), "{before}: {s}");
        assert_eq!(parse_move(p, &long), Ok(m), "{before}: {long}");
        let short = strip_qualifiers(&v, &s);
        match parse_move(p, &short) {
            Ok(x) => assert_eq!(x, m, "{before}: {short}"),
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert!(candidates.contains(&long), "{short}: {candidates:?}")
            }
            Err(e) => panic!("{before}: {short} ({s}): {e}"),
        }
    }
    assert_eq!(p.to_string(), before);
    moves.len()
}

const PAWNS: &str = "setup white: K p:d1, N p:b1, P p:a2 q:a2\nsetup black: K q:d4, P q:b3";

#[test]
fn a_move_without_its_board_is_found_from_the_piece() {
    let v = twin(["p", "q"], PAWNS);
    let mut p = Position::start(&v);
    assert_eq!(candidates(&mut p, "a3"), ["p:a2-p:a3", "q:a2-q:a3"]);
    assert_eq!(candidates(&mut p, "a2a3"), ["p:a2-p:a3", "q:a2-q:a3"]);
    assert_eq!(candidates(&mut p, "a2-a3"), ["p:a2-p:a3", "q:a2-q:a3"]);
    assert!(matches!(
        p.parse_long("a2a3"),
        Err(MoveError::Ambiguous { .. })
    ));
    let m = p.parse_long("p:a2p:a3").unwrap();
    assert_eq!(
        (p.long(m).as_str(), p.parse_long("p:a2-p:a3")),
        ("p:a2-p:a3", Ok(m))
    );
    assert_eq!(
        parse_move(&mut p, "a3").unwrap_err().to_string(),
        "ambiguous: `a3` could be p:a2-p:a3, q:a2-q:a3"
    );
    assert_eq!(read(&mut p, "p:a3").unwrap(), "p:a2-p:a3");
    assert_eq!(read(&mut p, "q:a3+").unwrap(), "q:a2-q:a3");
    assert_eq!(read(&mut p, "p:a2-a3").unwrap(), "p:a2-p:a3");
    assert_eq!(read(&mut p, "a2-q:a3").unwrap(), "q:a2-q:a3");
    assert_eq!(read(&mut p, "Nc3").unwrap(), "p:b1-p:c3");
    assert_eq!(read(&mut p, "Nb1c3").unwrap(), "p:b1-p:c3");
    assert_eq!(read(&mut p, "b1c3").unwrap(), "p:b1-p:c3");
    assert_eq!(read(&mut p, "b1-p:c3").unwrap(), "p:b1-p:c3");
    assert_eq!(read(&mut p, "Np:b1c3").unwrap(), "p:b1-p:c3");
    assert_eq!(read(&mut p, "axb3").unwrap(), "q:a2-q:b3");
    assert_eq!(read(&mut p, "ab3").unwrap(), "q:a2-q:b3");
    assert_eq!(read(&mut p, "a2xb3").unwrap(), "q:a2-q:b3");
    assert_eq!(read(&mut p, "Kc2").unwrap(), "p:d1-p:c2");
    assert_eq!(
        parse_move(&mut p, "Nb3").unwrap_err().to_string(),
        "`Nb3`: no knight of yours can move to b3"
    );
    assert!(matches!(
        parse_move(&mut p, "Rc3"),
        Err(MoveError::NoSuchPiece { .. })
    ));
    assert!(matches!(
        parse_move(&mut p, "e5"),
        Err(MoveError::NoSuchCell { .. })
    ));
    round_trip_unqualified(&mut p);
}

#[test]
fn a_full_name_always_wins() {
    // Rooks on 1:a2 and 2:a1. `R2:a3` is the rook of board 2 (target `2:a3`), not
    // "a rook on rank 2 to a3" (which would also fit 1:a2-1:a3).
    let v = twin(
        ["1", "2"],
        "setup white: K 1:d1, R 1:a2 2:a1\nsetup black: K 2:d4",
    );
    let mut p = Position::start(&v);
    assert_eq!(read(&mut p, "R2:a3").unwrap(), "2:a1-2:a3");
    assert_eq!(read(&mut p, "R1:a3").unwrap(), "1:a2-1:a3");
    assert_eq!(candidates(&mut p, "Ra3"), ["1:a2-1:a3", "2:a1-2:a3"]);
    assert_eq!(read(&mut p, "R2a3").unwrap(), "1:a2-1:a3", "rank 2 hint");
    assert_eq!(read(&mut p, "Rb2").unwrap(), "1:a2-1:b2");
    // The long form: the separated one is written, both are read.
    let m = p.parse_long("1:a21:a4").unwrap();
    assert_eq!(p.long(m), "1:a2-1:a4");
    assert_eq!(p.parse_long("1:a2-1:a4"), Ok(m));
    assert_eq!(p.parse_long("a2-a4"), Ok(m));
    assert_eq!(p.parse_long("a2a4"), Ok(m));
    round_trip_unqualified(&mut p);
}

#[test]
fn random_games_round_trip() {
    let v = twin(
        ["p", "q"],
        "setup white: K p:d1 q:d1, R p:a1 q:a1, N p:b1 q:c1, P p:a2 p:b2 q:c2 q:d2\n\
         setup black: K p:d4 q:d4, R p:a4 q:a4, N p:b4 q:c4, P p:a3 p:c3 q:b3 q:d3",
    );
    let mut seed = 11u64;
    let mut checked = 0;
    for _ in 0..6 {
        let mut p = Position::start(&v);
        for _ in 0..30 {
            checked += round_trip_unqualified(&mut p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            p.make(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn hostile_text_with_colons_is_an_error() {
    let v = twin(["p", "q"], PAWNS);
    let mut p = Position::start(&v);
    let before = p.to_string();
    let pool = b"abcdpq1234:-xKNP=+# ";
    let mut seed = 5u64;
    for _ in 0..3000 {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let len = (seed >> 60) as usize;
        let text: String = (0..len)
            .map(|i| pool[((seed >> (i * 4 % 56)) as usize) % pool.len()] as char)
            .collect();
        let _ = parse_move(&mut p, &text);
        let _ = p.parse_long(&text);
    }
    for text in [
        ":", "::", "p:", ":a1", "a1:", "p:a2:", "-", "a2-", "-a3", "p:-q:",
    ] {
        assert!(parse_move(&mut p, text).is_err(), "{text}");
    }
    let long = "a2".repeat(100);
    assert!(parse_move(&mut p, &long).is_err());
    assert!(p.parse_long(&long).is_err());
    assert_eq!(p.to_string(), before);
}
