//! Move text on the StrategiChess team boards (cells `k:a3`, board k; issue 6): a move
//! names its board or is found from the moving piece. `e5` from the start fits three
//! boards and is ambiguous with the candidates listed; `2:e5` and `e2:e5` name
//! board 2; a knight alone on the boards is found from `Nd5`; long notation separates
//! qualified names (`2:c3-2:d5`) and still reads the joined form; every legal move's
//! SAN and long form read back, and with its qualifiers left out it reads as the move
//! or as an ambiguity that lists it; hostile text is an error, never a panic.

use crate::common::named;
use crate::strategichess_team::place;
use chessgraph::san::{parse_move, san};
use chessgraph::{MoveError, Position, Variant};
use std::sync::Arc;

fn team(n: usize) -> Arc<Variant> {
    named("strategichess-team", &[("boards", &n.to_string())])
}

/// The long notation of what `text` reads as, or its error.
fn read(p: &mut Position, text: &str) -> Result<String, MoveError> {
    parse_move(p, text).map(|m| p.long(m))
}

/// The candidates of an ambiguous text, or a panic.
fn candidates(p: &mut Position, text: &str) -> Vec<String> {
    match parse_move(p, text) {
        Err(MoveError::Ambiguous { candidates, .. }) => candidates,
        other => panic!("{text}: {other:?}"),
    }
}

/// `text` without the board qualifiers `1:` .. `5:`.
fn unqualified(text: &str) -> String {
    (1..=5).fold(text.to_owned(), |t, k| t.replace(&format!("{k}:"), ""))
}

/// Every legal move: SAN and long read back as the move, and the SAN without its
/// qualifiers reads as the move or is ambiguous with the move among the candidates.
fn round_trip(p: &mut Position) -> usize {
    let before = p.to_string();
    let moves = p.every_move();
    for &m in moves.iter() {
        let (s, long) = (san(p, m), p.long(m));
        assert_eq!(parse_move(p, &s), Ok(m), "{s}");
        // Two qualified names are never run together (`2:b2:b8` read as other cells).
        if s.matches(':').count() > 1 {
            assert!(s.contains('-') || s.contains('x'), "{s}: run together");
        }
        assert_eq!(p.parse_long(&long), Ok(m), "{long}");
        assert!(long.contains('-'), "{long}: separated");
        let joined = long.replacen('-', "", 1);
        assert_eq!(p.parse_long(&joined), Ok(m), "{joined}: the old form");
        let short = unqualified(&s);
        match parse_move(p, &short) {
            Ok(x) => assert_eq!(x, m, "{short} ({s})"),
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert!(candidates.contains(&long), "{short}: {candidates:?}")
            }
            Err(e) => panic!("{short} ({s}): {e}"),
        }
    }
    assert_eq!(p.to_string(), before);
    moves.len()
}

#[test]
fn a_pawn_move_without_its_board_fits_three_boards() {
    let v = team(3);
    let mut p = Position::start(&v);
    assert_eq!(
        candidates(&mut p, "e5"),
        ["1:e4-1:e5", "2:e4-2:e5", "3:e4-3:e5"]
    );
    assert_eq!(
        parse_move(&mut p, "e5").unwrap_err().to_string(),
        "ambiguous: `e5` could be 1:e4-1:e5, 2:e4-2:e5, 3:e4-3:e5"
    );
    assert_eq!(candidates(&mut p, "e4-e5").len(), 3);
    for text in [
        "2:e5",
        "e2:e5",
        "2:e4-2:e5",
        "2:e42:e5",
        "e4-2:e5",
        "2:e4-e5",
    ] {
        assert_eq!(read(&mut p, text).unwrap(), "2:e4-2:e5", "{text}");
    }
    assert_eq!(read(&mut p, "3:e7").unwrap(), "3:e4-3:e7");
    assert_eq!(read(&mut p, "N1:l5").unwrap(), "1:m3-1:l5");
    // Knights leap across the seams: `Na2` fits the m3 knights of boards 1 and 2.
    assert_eq!(candidates(&mut p, "Na2"), ["1:m3-2:a2", "2:m3-3:a2"]);
    assert_eq!(read(&mut p, "N1:m2:a2").unwrap(), "1:m3-2:a2");
    assert_eq!(read(&mut p, "N1:m3a2").unwrap(), "1:m3-2:a2");
    assert!(matches!(
        parse_move(&mut p, "e9"),
        Err(MoveError::CannotReach { .. })
    ));
}

/// Two pawns that reach one cell (one forward, one back): the SAN names the whole from
/// cell and a dash, and the old joined form still reads (issue 16, point 6).
#[test]
fn a_disambiguated_pawn_move_cannot_be_misread() {
    let v = team(3);
    let kings = "K 1:h3, k 1:h12, K 2:h3, k 2:h12, K 3:h3, k 3:h12";
    let mut p = place(&v, &format!("{kings}, P 2:b7, P 2:b9"), 'w', "");
    let m = p.parse_long("2:b7-2:b8").unwrap();
    assert_eq!(san(&mut p, m), "2:b7-2:b8");
    let up = p.parse_long("2:b9-2:b8").unwrap();
    assert_eq!(san(&mut p, up), "2:b9-2:b8");
    assert_eq!(
        read(&mut p, "2:b72:b8").unwrap(),
        "2:b7-2:b8",
        "the old form"
    );
    assert_eq!(read(&mut p, "b7-b8").unwrap(), "2:b7-2:b8");
    round_trip(&mut p);
}

#[test]
fn a_knight_alone_is_found_from_the_piece() {
    let v = team(3);
    let kings = "K 1:h3, k 1:h12, K 2:h3, k 2:h12, K 3:h3, k 3:h12";
    let mut p = place(&v, &format!("{kings}, N 2:c3, P 1:e4"), 'w', "");
    assert_eq!(read(&mut p, "Nd5").unwrap(), "2:c3-2:d5");
    assert_eq!(read(&mut p, "Nc3d5").unwrap(), "2:c3-2:d5");
    assert_eq!(read(&mut p, "c3d5").unwrap(), "2:c3-2:d5");
    assert_eq!(read(&mut p, "e5").unwrap(), "1:e4-1:e5", "one pawn");
    assert_eq!(candidates(&mut p, "Kh4").len(), 3);
    assert_eq!(read(&mut p, "K2:h4").unwrap(), "2:h3-2:h4");
    assert_eq!(
        parse_move(&mut p, "Nd6").unwrap_err().to_string(),
        "`Nd6`: no knight of yours can move to d6"
    );
    round_trip(&mut p);
}

#[test]
fn every_move_round_trips_from_the_start_and_random_plies() {
    let v = team(3);
    let mut p = Position::start(&v);
    let mut checked = round_trip(&mut p);
    let mut seed = 3u64;
    for _ in 0..6 {
        let moves = p.legal_moves();
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        p.make(moves[(seed >> 33) as usize % moves.len()]);
        checked += round_trip(&mut p);
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn hostile_text_is_an_error() {
    let v = team(5);
    let mut p = Position::start(&v);
    let before = p.to_string();
    let pool = b"12345:abcn-xKNBRQP=+#0 ";
    let mut seed = 9u64;
    for _ in 0..1500 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let len = (seed >> 60) as usize;
        let text: String = (0..len)
            .map(|i| pool[((seed >> (i * 4 % 56)) as usize) % pool.len()] as char)
            .collect();
        let _ = parse_move(&mut p, &text);
        let _ = p.parse_long(&text);
    }
    for text in [
        ":", "1:", ":e5", "e5:", "1::e5", "6:e5", "-e5", "e4-", "1:e4--e5",
    ] {
        assert!(parse_move(&mut p, text).is_err(), "{text}");
    }
    let long = "e4".repeat(100);
    assert!(parse_move(&mut p, &long).is_err());
    assert!(p.parse_long(&long).is_err());
    assert_eq!(p.to_string(), before);
}
