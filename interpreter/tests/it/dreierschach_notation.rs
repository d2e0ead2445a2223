//! Seed 001's notation on constructed Dreierschach positions: each example of the seed
//! (`Ng7`, `N5g7`, `N6xg7`, `d9Q`, `Re1+`, `Bf2++`, `0-0`, `0-0-0`, `gi4`, `11j11`)
//! is what [`san`] writes for its move and reads back as that move; lenient forms
//! read where they are unambiguous; the draw-offer mark `=` after a move.

use crate::common::named;
use crate::dreierschach::{place, v};
use chessgraph::san::{parse_move, parse_move_with_offer, san};
use chessgraph::{MoveError, Position};

/// Asserts that the move `long` is written `want` and that `want` reads back as it,
/// then that each of `also` reads as it too.
fn writes_and_reads(p: &mut Position, long: &str, want: &str, also: &[&str]) {
    let m = p
        .parse_long(long)
        .unwrap_or_else(|e| panic!("{long} in {p}: {e}"));
    assert_eq!(san(p, m), want, "{long} in {p}");
    for text in std::iter::once(&want).chain(also) {
        let back = parse_move(p, text).unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
        assert_eq!(back, m, "{text} in {p}");
        assert_eq!(parse_move_with_offer(p, text), Ok((m, false)), "{text}");
    }
}

/// Asserts that `text` does not read as one move here.
fn ambiguous(p: &mut Position, text: &str) {
    assert!(
        matches!(parse_move(p, text), Err(MoveError::Ambiguous { .. })),
        "{text} in {p}: {:?}",
        parse_move(p, text)
    );
}

const KINGS: &str = "wK d1, gK e10, bK m9";

#[test]
fn a_lone_knight_is_written_by_its_target() {
    let mut p = place(&v(), &format!("{KINGS}, wN d5"), 'w', "");
    writes_and_reads(
        &mut p,
        "d5g7",
        "Ng7",
        &["Nd5g7", "Nd5-g7", "d5g7", "d5-g7", "N5g7", "Ndg7", "Ng7!"],
    );
}

#[test]
fn two_knights_on_one_file_are_told_apart_by_rank() {
    // The seed: knights on d5 and d6 both reach g7: `N5g7`, not `Ndg7`.
    let mut p = place(&v(), &format!("{KINGS}, wN d5, wN d6"), 'w', "");
    writes_and_reads(&mut p, "d5g7", "N5g7", &["Nd5g7", "d5-g7", "N5-g7"]);
    writes_and_reads(&mut p, "d6g7", "N6g7", &["Nd6g7", "d6g7"]);
    ambiguous(&mut p, "Ng7");
    ambiguous(&mut p, "Ndg7");
    // With a capture on g7: `N6xg7` (knight on 6 captures).
    let mut p = place(&v(), &format!("{KINGS}, wN d5, wN d6, gN g7"), 'w', "");
    writes_and_reads(
        &mut p,
        "d6g7",
        "N6xg7",
        &["N6g7", "N6:g7", "Nd6xg7", "Nd6:g7", "d6xg7", "d6g7"],
    );
    writes_and_reads(&mut p, "d5g7", "N5xg7", &["N5:g7", "Nd5xg7"]);
    ambiguous(&mut p, "Nxg7");
}

#[test]
fn a_promotion_is_written_with_its_letter_after_the_target() {
    // d9 is on gray's base (a6-h13), an opponent base for white: `d9Q`.
    let mut p = place(&v(), "wK b1, gK j13, bK m12, wP d8", 'w', "");
    writes_and_reads(&mut p, "d8d9q", "d9Q", &["d9=Q", "d8d9q", "d8-d9Q", "d9q"]);
    writes_and_reads(&mut p, "d8d9n", "d9N", &["d9=N"]);
    // No letter: one of four promotions, not one move.
    assert!(parse_move(&mut p, "d9").is_err());
}

#[test]
fn a_check_is_marked_plus() {
    // The rook from h1 to e1 attacks black's king on m9 along f2-l8.
    let mut p = place(&v(), "wK b1, wR h1, gK h13, bK m9", 'w', "");
    writes_and_reads(&mut p, "h1e1", "Re1+", &["Re1", "Rh1e1", "h1-e1+"]);
}

#[test]
fn a_mate_is_marked_plus_plus() {
    // Gray's king on l5 is walled in by his pawns on k5 and l6 and his bishop on m6
    // (the diagonals to m7, k6 and j4 pass between two occupied cells or into the
    // bishop's line); white's rook on g4 holds k4. The bishop d4-f2 checks along
    // f2-h3-j4-l5 (k4 free, so the last diagonal step is open): mate, white wins.
    let pieces = "wK d1, wB d4, wR g4, gK l5, gP k5, gP l6, gB m6, bK m9";
    let mut p = place(&v(), pieces, 'w', "");
    writes_and_reads(&mut p, "d4f2", "Bf2++", &["Bf2", "Bf2+", "Bf2#", "Bd4f2"]);
    let m = parse_move(&mut p, "Bf2++").unwrap();
    p.make(m);
    assert!(!matches!(p.outcome(), chessgraph::Outcome::Ongoing), "{p}");
}

#[test]
fn castles_are_0_0_and_0_0_0_for_every_player() {
    let v = v();
    // (tag, king, minor king target, major king target, rooks)
    for (tag, king, minor, major, rooks) in [
        ('w', "d1", "b1", "g1", ["a1", "h1"]),
        ('g', "e10", "g12", "b7", ["h13", "a6"]),
        ('b', "m9", "m7", "m12", ["m6", "m13"]),
    ] {
        let kings: Vec<&str> = KINGS.split(", ").filter(|k| !k.starts_with(tag)).collect();
        let pieces = format!(
            "{tag}K {king}, {tag}R {}, {tag}R {}, {}",
            rooks[0],
            rooks[1],
            kings.join(", ")
        );
        let unmoved = format!("{king},{},{}", rooks[0], rooks[1]);
        let mut p = place(&v, &pieces, tag, &unmoved);
        writes_and_reads(&mut p, &format!("{king}{minor}"), "0-0", &["O-O", "o-o"]);
        writes_and_reads(&mut p, &format!("{king}{major}"), "0-0-0", &["O-O-O"]);
    }
}

#[test]
fn the_seed_fragment_numbers_three_moves_a_turn() {
    // Seed 001: `1. gi4 Sd2 11j11 2. Li7 Sh10 Sj7` (German letters: S knight, L
    // bishop). Gray has no move to d2 at the start; his knight b7-d6 stands in.
    // gi4: the pawns on g2 and i2 both reach i4 by a double step; 11j11: the pawns on
    // l11 and l13 both reach j11.
    let mut p = Position::start(&v());
    for (long, want) in [
        ("g2i4", "gi4"),
        ("b7d6", "Nd6"),
        ("l11j11", "11j11"),
        ("f1i7", "Bi7"),
        ("f11h10", "Nh10"),
        ("m8j7", "Nj7"),
    ] {
        writes_and_reads(&mut p, long, want, &[long]);
        let m = parse_move(&mut p, want).unwrap();
        p.make(m);
    }
}

#[test]
fn a_trailing_equals_sign_is_a_draw_offer() {
    let v = v();
    assert_eq!(v.notation_marks().draw, "=");
    let mut p = place(&v, &format!("{KINGS}, wN d5"), 'w', "");
    let ng7 = p.parse_long("d5g7").unwrap();
    assert_eq!(parse_move_with_offer(&mut p, "Ng7="), Ok((ng7, true)));
    assert_eq!(parse_move_with_offer(&mut p, "Ng7 ="), Ok((ng7, true)));
    assert_eq!(parse_move_with_offer(&mut p, "d5-g7="), Ok((ng7, true)));
    assert_eq!(parse_move_with_offer(&mut p, "Ng7"), Ok((ng7, false)));
    // `parse_move` reads the move and leaves the offer to the caller.
    assert_eq!(parse_move(&mut p, "Ng7="), Ok(ng7));
    // With a check or mate mark on either side of it.
    let mut p = place(&v, "wK b1, wR h1, gK h13, bK m9", 'w', "");
    let re1 = p.parse_long("h1e1").unwrap();
    for text in ["Re1+=", "Re1=+", "Re1="] {
        assert_eq!(
            parse_move_with_offer(&mut p, text),
            Ok((re1, true)),
            "{text}"
        );
    }
    // A promotion (no promotion mark here) with an offer.
    let mut p = place(&v, "wK b1, gK j13, bK m12, wP d8", 'w', "");
    let d9q = p.parse_long("d8d9q").unwrap();
    assert_eq!(parse_move_with_offer(&mut p, "d9Q="), Ok((d9q, true)));
    assert_eq!(parse_move_with_offer(&mut p, "d9=Q"), Ok((d9q, false)));
    // A castle with an offer.
    let mut p = place(&v, "wK d1, wR a1, gK e10, bK m9", 'w', "d1,a1");
    let castle = p.parse_long("d1b1").unwrap();
    assert_eq!(parse_move_with_offer(&mut p, "0-0="), Ok((castle, true)));
    // The mark alone is no move.
    assert!(parse_move_with_offer(&mut p, "=").is_err());
    assert!(parse_move_with_offer(&mut p, "==").is_err());
}

#[test]
fn chess_has_no_draw_mark_and_keeps_equals_for_promotions() {
    let chess = named("chess", &[]);
    assert_eq!(chess.notation_marks().draw, "");
    let mut p = Position::start(&chess);
    assert!(parse_move_with_offer(&mut p, "Nf3=").is_err());
    let nf3 = p.parse_long("g1f3").unwrap();
    assert_eq!(parse_move_with_offer(&mut p, "Nf3"), Ok((nf3, false)));
    // `(=)` stays an annotation.
    assert_eq!(parse_move_with_offer(&mut p, "Nf3(=)"), Ok((nf3, false)));
    let mut p = Position::from_str(&chess, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    let e8q = p.parse_long("e7e8q").unwrap();
    assert_eq!(parse_move_with_offer(&mut p, "e8=Q"), Ok((e8q, false)));
}
