//! StrategiChess on one 14x14 board (`variants/strategichess`, RULES.md section 5):
//! the start position, the roads (sideways pawn steps only on ranks 1-2, 7-8, 13-14),
//! backward pawn steps, the triple step blocked by a piece in between, no promotion,
//! no en passant, no castling, checkmate, and the perft file.

use crate::common::named;
pub use crate::common::{moves_from, place};
use chessgraph::{perft, EndReason, Outcome, Position, Score, Variant};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

fn v() -> Arc<Variant> {
    static V: OnceLock<Arc<Variant>> = OnceLock::new();
    V.get_or_init(|| named("strategichess", &[])).clone()
}

pub fn sorted(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn play(p: &mut Position, long: &str) {
    let m = p
        .parse_long(long)
        .unwrap_or_else(|e| panic!("{long} in {p}: {e}"));
    p.make(m);
}

const KINGS: &str = "K h3, k h12";

#[test]
fn start_has_97_moves_42_of_them_pawn_steps() {
    let v = v();
    assert_eq!(v.cell_count(), 196);
    let mut p = Position::start(&v);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 97);
    let mut by_letter: HashMap<char, usize> = HashMap::new();
    for m in moves.iter() {
        let piece = p.piece_at(m.from()).expect("a piece moves");
        *by_letter
            .entry(v.piece_types()[piece.piece_type as usize].letter)
            .or_default() += 1;
    }
    let expect: HashMap<char, usize> = [
        ('P', 42),
        ('R', 8),
        ('N', 22),
        ('B', 16),
        ('Q', 6),
        ('K', 3),
    ]
    .into_iter()
    .collect();
    assert_eq!(by_letter, expect);
    assert_eq!(moves_from(&mut p, "e4"), sorted(&["e4e5", "e4e6", "e4e7"]));
    assert_eq!(moves_from(&mut p, "h3"), sorted(&["h3g2", "h3h2", "h3i2"]));
}

#[test]
fn sideways_steps_only_on_the_roads() {
    let v = v();
    // White pawns on every rank of file c (moved), Black pawns on file l.
    let mut white = Vec::new();
    let mut black = Vec::new();
    for rank in 1..=14 {
        white.push(format!("P c{rank}"));
        black.push(format!("p l{rank}"));
    }
    let pieces = format!("K a3, k a12, {}, {}", white.join(", "), black.join(", "));
    for (side, file) in [('w', 'c'), ('b', 'l')] {
        let mut p = place(&v, &pieces, side, "");
        for rank in 1..=14 {
            let cell = format!("{file}{rank}");
            let moves = moves_from(&mut p, &cell);
            let road = [1, 2, 7, 8, 13, 14].contains(&rank);
            let (l, r) = ((file as u8 - 1) as char, (file as u8 + 1) as char);
            let has_l = moves.contains(&format!("{cell}{l}{rank}"));
            let has_r = moves.contains(&format!("{cell}{r}{rank}"));
            assert_eq!((has_l, has_r), (road, road), "{side} {cell}: {moves:?}");
        }
    }
}

#[test]
fn sideways_and_backward_steps_do_not_capture_or_pass_pieces() {
    let v = v();
    // White pawn on the middle road e7, an enemy beside on d7, a friend on f7, an
    // enemy behind on e6: the forward step and the diagonal capture on d8 only.
    let mut p = place(
        &v,
        &format!("{KINGS}, P e7, p d7, N f7, r e6, n d8"),
        'w',
        "",
    );
    assert_eq!(moves_from(&mut p, "e7"), sorted(&["e7e8", "e7d8"]));
    // Nothing around: forward, back, both sides.
    let mut p = place(&v, &format!("{KINGS}, P e7"), 'w', "");
    assert_eq!(
        moves_from(&mut p, "e7"),
        sorted(&["e7e8", "e7e6", "e7d7", "e7f7"])
    );
    // Black on the road 13-14 moves down, back up, sideways.
    let mut p = place(&v, &format!("{KINGS}, p e13"), 'b', "");
    assert_eq!(
        moves_from(&mut p, "e13"),
        sorted(&["e13e12", "e13e14", "e13d13", "e13f13"])
    );
}

#[test]
fn backward_steps_at_any_time_one_cell() {
    let v = v();
    // A moved pawn off the roads steps forward or back; an unmoved one too, and also
    // two or three forward.
    let mut p = place(&v, &format!("{KINGS}, P e5, P j4"), 'w', "j4");
    assert_eq!(moves_from(&mut p, "e5"), sorted(&["e5e6", "e5e4"]));
    assert_eq!(
        moves_from(&mut p, "j4"),
        sorted(&["j4j5", "j4j6", "j4j7", "j4j3"])
    );
    let mut p = place(&v, &format!("{KINGS}, p e10"), 'b', "");
    assert_eq!(moves_from(&mut p, "e10"), sorted(&["e10e9", "e10e11"]));
    // Back and forth again: the pawn has moved, so no more double or triple step.
    let mut p = place(&v, &format!("{KINGS}, P j4, p a11"), 'w', "j4,a11");
    play(&mut p, "j4j3");
    play(&mut p, "a11a10");
    play(&mut p, "j3j4");
    play(&mut p, "a10a9");
    assert_eq!(moves_from(&mut p, "j4"), sorted(&["j4j5", "j4j3"]));
}

#[test]
fn triple_step_is_blocked_by_a_piece_in_between() {
    let v = v();
    // Something on the third cell ahead: one or two steps.
    let mut p = place(&v, &format!("{KINGS}, P e4, n e7"), 'w', "e4");
    assert_eq!(moves_from(&mut p, "e4"), sorted(&["e4e5", "e4e6", "e4e3"]));
    // Something on the second cell: one step only, no jumping to the third.
    let mut p = place(&v, &format!("{KINGS}, P e4, N e6"), 'w', "e4");
    assert_eq!(moves_from(&mut p, "e4"), sorted(&["e4e5", "e4e3"]));
    // On the first cell: nothing forward.
    let mut p = place(&v, &format!("{KINGS}, P e4, p e5"), 'w', "e4");
    assert_eq!(moves_from(&mut p, "e4"), sorted(&["e4e3"]));
    // Black alike.
    let mut p = place(&v, &format!("{KINGS}, p f11, B f8"), 'b', "f11");
    assert_eq!(
        moves_from(&mut p, "f11"),
        sorted(&["f11f10", "f11f9", "f11f12"])
    );
}

#[test]
fn no_promotion_and_no_en_passant() {
    let v = v();
    // A pawn reaching the far rank stays a pawn, also by capture.
    let mut p = place(&v, &format!("{KINGS}, P e13, r f14"), 'w', "");
    assert_eq!(
        moves_from(&mut p, "e13"),
        sorted(&["e13e14", "e13f14", "e13e12", "e13d13", "e13f13"])
    );
    play(&mut p, "e13e14");
    let at = p.piece_at(v.cell("e14").unwrap()).unwrap();
    assert_eq!(v.piece_types()[at.piece_type as usize].letter, 'P');
    play(&mut p, "f14f13");
    // On the last rank: no forward move; back and sideways (a road).
    assert_eq!(
        moves_from(&mut p, "e14"),
        sorted(&["e14e13", "e14d14", "e14f14"])
    );
    // A triple step past an enemy pawn cannot be taken en passant.
    let mut p = place(&v, &format!("{KINGS}, P e4, p d7"), 'w', "e4");
    play(&mut p, "e4e7");
    let mut p2 = place(&v, &format!("{KINGS}, P e4, p d6"), 'w', "e4");
    play(&mut p2, "e4e7");
    assert_eq!(moves_from(&mut p2, "d6"), sorted(&["d6d5", "d6d7"]));
    assert!(!p.to_string().contains('>'), "no en-passant entry: {p}");
}

#[test]
fn no_castling() {
    let v = v();
    let mut p = place(&v, "K h3, R n3, R a3, k h12", 'w', "");
    assert_eq!(
        moves_from(&mut p, "h3"),
        sorted(&["h3g2", "h3h2", "h3i2", "h3g3", "h3i3", "h3g4", "h3h4", "h3i4"])
    );
}

#[test]
fn checkmate_ends_the_game() {
    let v = v();
    // Black king in the corner, White rooks on ranks 13 and 14.
    let mut p = place(&v, "K h3, R a13, R b1, k n14", 'w', "");
    play(&mut p, "b1b14");
    match p.outcome() {
        Outcome::Finished { reason, scores } => {
            assert_eq!(reason, EndReason::Checkmate);
            assert_eq!(scores, vec![Score::Win, Score::Loss]);
        }
        Outcome::Ongoing => panic!("{p}: mate"),
    }
}

#[test]
fn perft_file_up_to_depth_3() {
    let v = v();
    let text = std::fs::read_to_string(format!(
        "{}/tests/perft/strategichess.perft",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("perft file");
    let start = Position::start(&v).to_string();
    assert!(
        text.contains(&format!("pos {start}\n")),
        "the file holds the start"
    );
    for (depth, count) in [(1, 97), (2, 9409), (3, 943_768)] {
        assert!(text.contains(&format!("perft {depth} {count}\n")));
        let mut p = Position::start(&v);
        assert_eq!(perft(&mut p, depth), count, "depth {depth}");
    }
}

#[test]
fn san_round_trips_sideways_and_triple_steps() {
    use chessgraph::san::{parse_move, san};
    let v = v();
    let mut p = Position::start(&v);
    play(&mut p, "e4e7");
    play(&mut p, "j11j8");
    // d4-d7 and the sideways e7-d7 land on the same cell: SAN names the file.
    let moves = p.legal_moves();
    let mut texts = Vec::new();
    for &m in moves.iter() {
        let text = san(&mut p, m);
        assert_eq!(parse_move(&mut p, &text).expect(&text), m, "{text}");
        texts.push(text);
    }
    for t in ["ed7", "dd7", "e6", "e8", "ef7", "ff7"] {
        assert!(texts.iter().any(|x| x == t), "{t} in {texts:?}");
    }
}
