//! Constructed positions for the special rules of the two games on the 96-cell board
//! (RULES.md sections 2a and 2b): eliminations, frozen armies, skipped turns, control
//! of an inherited army, the check rule by players left, mate by one opponent or by
//! both, checking both opponents, non-aggression, repetition and the 150-ply rule.
//!
//! Geometry used below (global names): file a runs straight a1..a8; file e jumps
//! from e4 to e9; file l from l5 to l9; rank 8 reads l8 k8 j8 i8 d8 c8 b8 a8 (Black's
//! base, local a1..h1); the diagonal from e4 forks through d5 to c6 b7 a8.

use crate::common::named;
use chessgraph::{EndReason, Outcome, Position, Score, Variant};
use std::sync::Arc;

/// A position from pieces (`"wK e1, rP h11 g11"`: tag + letter, cells), the player to move
/// and the extra fields (`elim=r`, `lost=...`).
fn at(v: &Arc<Variant>, pieces: &str, to_move: char, quiet: u32, extras: &str) -> Position {
    let mut placed = std::collections::HashMap::new();
    for item in pieces.split(',').map(str::trim) {
        let mut words = item.split_whitespace();
        let piece = words.next().expect("PIECE CELL...");
        for cell in words {
            placed.insert(v.cell(cell).expect("cell"), piece.to_owned());
        }
    }
    let rows: Vec<String> = v
        .rows()
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for c in row {
                match placed.get(c) {
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s += p;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    let text = format!("{} {to_move} - - {quiet} 1 {extras}", rows.join("/"));
    Position::from_str(v, text.trim()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a move in long notation (`from-to`).
fn play(p: &mut Position, m: &str) {
    let mv = p
        .parse_long(m)
        .unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
    p.make(mv);
}

/// The legal moves in long notation, sorted.
fn moves(p: &mut Position) -> Vec<String> {
    let mut out: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
    out.sort();
    out
}

/// The targets of the legal moves from `from`, sorted.
fn targets(p: &mut Position, from: &str) -> Vec<String> {
    let v = p.variant().clone();
    let from = v.cell(from).unwrap();
    let mut out: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from && m.kind() != chessgraph::MoveKind::Pass)
        .map(|m| v.cell_name(m.to()).to_owned())
        .collect();
    out.sort();
    out
}

fn finished(reason: EndReason, scores: &[Score]) -> Outcome {
    Outcome::Finished {
        reason,
        scores: scores.to_vec(),
    }
}

use Score::{Draw, Loss, Win};

// --- Zubrin's three-player chess --------------------------------------------------

/// White's rook on e3 takes Red's king on e12 (e4, e9..e11 empty); Black's rook on l6
/// reaches Red's rook on l12 through l5, l9..l11.
const ZUBRIN_KING_HUNT: &str = "wK h1, wR e3, wP a2, rK e12, rR l12, rP h11, bK l8, bR l6";

#[test]
fn zubrin_king_capture_eliminates_and_turns_are_skipped() {
    let v = named("zubrin", &[]);
    let mut p = at(&v, ZUBRIN_KING_HUNT, 'w', 0, "");
    play(&mut p, "e3-e12");
    assert!(p.is_eliminated(1), "{p}");
    assert_eq!(p.to_move(), 2, "Red's turn is skipped");
    assert!(p.to_string().contains(" elim=r"), "{p}");
    assert_eq!(p.outcome(), Outcome::Ongoing);
    // Red's pieces stay and may be captured.
    assert!(p.piece_at(v.cell("l12").unwrap()).is_some());
    play(&mut p, "l6-l12");
    assert_eq!(p.lost_points(1), 5);
    assert_eq!(p.to_move(), 0, "Red is skipped again");
    play(&mut p, "a2-a3");
    assert_eq!(p.to_move(), 2);
    // Nobody ever moves Red's pawn: it is in nobody's move list.
    let h11 = v.cell("h11").unwrap();
    for _ in 0..2 {
        assert!(p.legal_moves().iter().all(|m| m.from() != h11));
        let m = p.legal_moves()[0];
        p.make(m);
    }
    assert_eq!(p.piece_at(h11).map(|x| x.owner), Some(1));
    while p.unmake().is_some() {}
    assert_eq!(p, at(&v, ZUBRIN_KING_HUNT, 'w', 0, ""));
}

#[test]
fn zubrin_inherit_gives_control_and_pawns_move_as_their_owners() {
    let v = named("zubrin", &[("inherit", "true")]);
    let mut p = at(&v, ZUBRIN_KING_HUNT, 'w', 0, "");
    play(&mut p, "e3-e12");
    assert!(p.is_eliminated(1));
    assert!(p.to_string().contains(" ctl=r:w"), "{p}");
    let h11 = v.cell("h11").unwrap();
    assert_eq!(p.controller(1, h11), 0);
    play(&mut p, "l8-k8");
    assert_eq!(p.to_move(), 0);
    // White moves Red's pawn, which goes on towards Red's frontier (h10), two steps
    // from Red's rank 2, and Red's rook.
    assert_eq!(targets(&mut p, "h11"), ["h10", "h9"]);
    assert!(targets(&mut p, "l12").contains(&"l9".to_owned()));
    play(&mut p, "h11-h10");
    assert_eq!(p.piece_at(v.cell("h10").unwrap()).map(|x| x.owner), Some(1));
    // Without the option the same capture leaves Red's army frozen.
    let plain = named("zubrin", &[]);
    let mut q = at(&plain, ZUBRIN_KING_HUNT, 'w', 0, "");
    play(&mut q, "e3-e12");
    play(&mut q, "l8-k8");
    assert!(targets(&mut q, "h11").is_empty());
    assert!(!q.to_string().contains("ctl="));
}

#[test]
fn zubrin_check_rule_only_once_two_players_remain() {
    let v = named("zubrin", &[]);
    // Black's rook on a2 covers rank 2. With three players the king may step into it.
    let mut three = at(&v, "wK e1, rK h12, bK l8, bR a2", 'w', 0, "");
    assert_eq!(targets(&mut three, "e1"), ["d1", "d2", "e2", "f1", "f2"]);
    let mut two = at(&v, "wK e1, rR h12, bK l8, bR a2", 'w', 0, "elim=r");
    assert_eq!(targets(&mut two, "e1"), ["d1", "f1"]);
    // With three players a king left attacked is simply captured.
    let mut p = at(&v, "wK e1, wQ e3, rK e12, bK l8", 'w', 0, "");
    assert!(targets(&mut p, "e3").contains(&"e12".to_owned()));
}

#[test]
fn zubrin_checkmate_eliminates_once_two_remain_and_the_last_player_wins() {
    let v = named("zubrin", &[]);
    let mut p = at(&v, "wK e1, wR a1, bK l8, bP l7 k7", 'w', 0, "elim=r");
    play(&mut p, "a1-a8");
    assert_eq!(p.to_move(), 2);
    // The mate eliminates Black at once: with one player left the game is over, and
    // the mated player has no move at all (not even a pass).
    assert!(moves(&mut p).is_empty());
    assert_eq!(chessgraph::perft(&mut p, 1), 0);
    assert_eq!(
        p.outcome(),
        finished(EndReason::LastPlayer, &[Win, Loss, Loss])
    );
    // With three players the same "mate" is no mate: Black's king is simply en prise
    // and Black plays on.
    let mut q = at(&v, "wK e1, wR a1, rK h12, bK l8, bP l7 k7", 'w', 0, "");
    play(&mut q, "a1-a8");
    play(&mut q, "h12-g12");
    assert_eq!(q.outcome(), Outcome::Ongoing);
    assert!(!q.legal_moves().is_empty());
}

// --- Chess for 3 ---------------------------------------------------------------------

/// Black's king on l8 with pawns on l7 and k7 behind White's rook on a8.
const MATED_BY_WHITE: &str = "wK h1, wR a8, rK i12, bK l8, bP l7 k7";

#[test]
fn chess_for_3_mate_by_one_opponent_passes_and_the_king_is_captured() {
    let v = named("chess-for-3", &[]);
    let mut p = at(&v, MATED_BY_WHITE, 'b', 0, "");
    assert_eq!(moves(&mut p), ["pass"]);
    assert_eq!(p.outcome(), Outcome::Ongoing);
    play(&mut p, "pass");
    assert_eq!(p.to_move(), 0);
    // Capturing an attacked king is a legal move; the captor wins.
    assert!(targets(&mut p, "a8").contains(&"l8".to_owned()));
    play(&mut p, "a8-l8");
    assert_eq!(
        p.outcome(),
        finished(EndReason::RoyalCaptured, &[Win, Loss, Loss])
    );
}

#[test]
fn chess_for_3_mate_lifted_by_the_other_opponent() {
    let v = named("chess-for-3", &[]);
    // Black passes while mated; Brown's knight takes White's rook (b6xa8) and Black
    // moves again.
    let mut p = at(
        &v,
        "wK h1, wR a8, rK i12, rN b6, bK l8, bP l7 k7",
        'b',
        0,
        "",
    );
    assert_eq!(moves(&mut p), ["pass"]);
    play(&mut p, "pass");
    play(&mut p, "h1-g1");
    play(&mut p, "b6-a8");
    assert_eq!(p.to_move(), 2);
    let after = moves(&mut p);
    assert!(!after.contains(&"pass".to_owned()), "{after:?}");
    assert!(after.contains(&"l8k8".to_owned()) || after.contains(&"l8-k8".to_owned()));
}

#[test]
fn chess_for_3_mate_that_needs_both_opponents_is_a_draw() {
    let v = named("chess-for-3", &[]);
    // White's rook checks along rank 8; Brown's rook on k10 covers k7 (k9, k5, k6, k7).
    let mut p = at(&v, "wK h1, wR a8, rK i12, rR k10, bK l8, bP l7", 'b', 0, "");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        finished(EndReason::Checkmate, &[Draw, Draw, Draw])
    );
    // Without Brown's rook the king escapes to k7.
    let mut q = at(&v, "wK h1, wR a8, rK i12, bK l8, bP l7", 'b', 0, "");
    assert!(targets(&mut q, "l8").contains(&"k7".to_owned()));
}

#[test]
fn chess_for_3_checking_both_opponents_wins() {
    let v = named("chess-for-3", &[]);
    // Be4-c6 (through d5) checks Black's king on a8 and uncovers the rook on e3
    // against Brown's king on e12; both can escape.
    let pieces = "wK h1, wR e3, wB e4, rK e12, bK a8";
    let mut p = at(&v, pieces, 'w', 0, "");
    assert!(targets(&mut p, "e4").contains(&"c6".to_owned()));
    play(&mut p, "e4-c6");
    assert_eq!(
        p.outcome(),
        finished(EndReason::CheckAll, &[Win, Loss, Loss])
    );
    assert!(p.legal_moves().is_empty());
    p.unmake();
    assert_eq!(p, at(&v, pieces, 'w', 0, ""));
    // Any bishop move uncovers the rook; a king move checks nobody.
    play(&mut p, "h1-g1");
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn chess_for_3_check_and_stalemate_is_a_draw() {
    let v = named("chess-for-3", &[]);
    // As above, but Black's king cannot escape (own pawn a7, own bishop b8).
    let pieces = "wK h1, wR e3, wB e4, rK e12, bK a8, bP a7, bB b8";
    let mut p = at(&v, pieces, 'w', 0, "");
    play(&mut p, "e4-c6");
    assert_eq!(
        p.outcome(),
        finished(EndReason::CheckAllMate, &[Draw, Draw, Draw])
    );
}

#[test]
fn chess_for_3_non_aggression_of_the_seed() {
    let v = named("chess-for-3", &[]);
    // White lost 2, Brown 4, Black 5: White may not take a Black piece in Black's
    // territory unless the capture gives check.
    let lost = "lost=w:2,r:4,b:5";
    let mut p = at(&v, "wK h1, wR a1, rK i12, bK l8, bN a6", 'w', 0, lost);
    assert_eq!(
        targets(&mut p, "a1"),
        ["a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1", "f1", "g1"]
    );
    assert!(p.to_string().ends_with(lost), "{p}");
    // Outside Black's territory the knight may be taken.
    let mut p = at(&v, "wK h1, wR a1, rK i12, bK l8, bN a4", 'w', 0, lost);
    assert!(targets(&mut p, "a1").contains(&"a4".to_owned()));
    // With Black's king behind the knight, the capture gives check: allowed.
    let mut p = at(&v, "wK h1, wR a1, rK i12, bK a8, bN a6", 'w', 0, lost);
    assert!(targets(&mut p, "a1").contains(&"a6".to_owned()));
    // Brown (1 point apart) may take Black's piece in Black's territory.
    let mut p = at(&v, "wK h1, rK i12, rR l12, bK a8, bN l6", 'r', 0, lost);
    assert!(targets(&mut p, "l12").contains(&"l6".to_owned()));
    // Black may take White's pieces (White lost fewer than 3).
    let mut p = at(&v, "wK h1, wN a3, rK i12, bK l8, bR a6", 'b', 0, lost);
    assert!(targets(&mut p, "a6").contains(&"a3".to_owned()));
    // Two points apart: White takes the Black knight once Black has lost only 4.
    let mut p = at(
        &v,
        "wK h1, wR a1, rK i12, bK l8, bN a6",
        'w',
        0,
        "lost=w:2,r:4,b:4",
    );
    assert!(targets(&mut p, "a1").contains(&"a6".to_owned()));
}

#[test]
fn lost_points_are_in_the_position_string_and_the_hash() {
    let v = named("chess-for-3", &[]);
    let a = at(&v, "wK h1, wR a1, rK i12, bK l8, bN a6", 'w', 0, "lost=b:5");
    let b = at(&v, "wK h1, wR a1, rK i12, bK l8, bN a6", 'w', 0, "");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a, b);
    assert!(a.to_string().ends_with(" lost=b:5"));
    let mut c = b.clone();
    play(&mut c, "a1-a6");
    assert!(c.to_string().contains(" lost=b:3"), "{c}");
    assert_eq!(c.hash(), c.compute_hash());
    c.unmake();
    assert_eq!(c.hash(), b.hash());
}

#[test]
fn chess_for_3_threefold_repetition() {
    let v = named("chess-for-3", &[]);
    let pieces = "wK h1, wR a1, rK i12, rN g12, bK l8, bR a8";
    let mut p = at(&v, pieces, 'w', 0, "");
    let cycle = ["h1-g1", "i12-j12", "l8-k8", "g1-h1", "j12-i12", "k8-l8"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(p.outcome(), Outcome::Ongoing, "before ply {i}");
        play(&mut p, m);
    }
    assert_eq!(p.repetitions(), 3);
    assert_eq!(
        p.outcome(),
        finished(EndReason::Repetition, &[Draw, Draw, Draw])
    );
}

#[test]
fn chess_for_3_draw_after_150_quiet_plies() {
    let v = named("chess-for-3", &[]);
    let pieces = "wK h1, wR a1, rK i12, rN g12, bK l8, bR a8";
    let mut p = at(&v, pieces, 'w', 148, "");
    play(&mut p, "h1-g1");
    assert_eq!(p.outcome(), Outcome::Ongoing);
    play(&mut p, "i12-j12");
    assert_eq!(p.quiet_plies(), 150);
    assert_eq!(p.outcome(), finished(EndReason::Quiet, &[Draw, Draw, Draw]));
    // A capture resets the count.
    let mut q = at(&v, pieces, 'w', 149, "");
    play(&mut q, "a1-a8");
    assert_eq!(q.quiet_plies(), 0);
    assert_eq!(q.outcome(), Outcome::Ongoing);
}

#[test]
fn chess_for_3_bare_kings_and_minor_pieces_are_drawn() {
    let v = named("chess-for-3", &[]);
    let mut p = at(&v, "wK h1, wB c1, rK i12, rN g12, bK l8", 'w', 0, "");
    assert_eq!(
        p.outcome(),
        finished(EndReason::Material, &[Draw, Draw, Draw])
    );
    let mut q = at(&v, "wK h1, wR a1, rK i12, bK l8", 'w', 0, "");
    assert_eq!(q.outcome(), Outcome::Ongoing);
}
