//! The rule core's stages and effects, each on its own: explosions and counters undo
//! exactly, `allow pass`, `must` and `forbid` filters, `rank by`, `def`, `unless`,
//! subjects of `end if`. (The variants built on them are checked against
//! Fairy-Stockfish in `perft.rs`.)

use crate::common::{chess_board, error_codes, named, place, play, sorted_longs as longs, variant};
use chessgraph::{MoveKind, Outcome, Position, Score, Variant};
use std::sync::Arc;

/// Every legal move of `p` made and unmade: the position after it reads back from its
/// string with the same hash, and unmake restores string and hash.
fn every_move_undoes(p: &mut Position) -> usize {
    let v = p.variant().clone();
    let (s, h) = (p.to_string(), p.hash());
    let moves = p.legal_moves();
    for &m in moves.iter() {
        let text = p.long(m);
        p.make(m);
        let after = p.to_string();
        let back = Position::from_str(&v, &after).unwrap_or_else(|e| panic!("{after}: {e}"));
        assert_eq!(back.hash(), p.hash(), "{s} {text}: incremental hash");
        assert_eq!(back.to_string(), after, "{s} {text}");
        p.unmake();
        assert_eq!((p.to_string(), p.hash()), (s.clone(), h), "{text}");
    }
    moves.len()
}

/// A two-player variant on the chess board: kings, rooks, pawns and `rules`.
fn small(rules: &str) -> Arc<Variant> {
    let text = format!(
        r#"
game "Small"
board "board.yaml"
player white tag w seat white
player black tag b seat black
dirs all = n e s w ne nw se sw
dirs forward = n for white, s for black
piece king K royal {{
  step all
}}
piece rook R value 5 {{
  slide n e s w
}}
piece pawn P value 1 pawn {{
  step forward to empty
}}
setup white: K e1
setup black: K e8
{rules}
"#
    );
    variant(&text, &[("board.yaml", &chess_board())])
}

fn finished(p: &mut Position) -> Option<(String, Vec<Score>)> {
    match p.outcome() {
        Outcome::Ongoing => None,
        Outcome::Finished { reason, scores } => {
            Some((p.variant().end_label(reason).to_owned(), scores))
        }
    }
}

#[test]
fn explosions_remove_the_neighbours_and_undo_exactly() {
    let v = named("atomic", &[]);
    // Nxd8 explodes the knight, the queen and the pieces around d8 (the bishop on c8,
    // the king on e8: Black loses) but spares the pawns on c7, d7 and e7.
    let mut p = Position::from_str(
        &v,
        "rnbqkb1r/pppppppp/2N5/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    )
    .unwrap();
    play(&mut p, &["c6d8"]);
    assert_eq!(
        p.to_string().split(' ').next().unwrap(),
        "rn3b1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR"
    );
    assert_eq!(
        finished(&mut p).map(|f| f.0),
        Some("king-exploded".to_owned())
    );
    p.unmake();
    assert!(every_move_undoes(&mut p) > 20);
    let mut p = Position::start(&v);
    play(&mut p, &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]);
    assert!(every_move_undoes(&mut p) > 20);
}

#[test]
fn counters_count_checks_hash_and_undo() {
    let v = named("3check", &[]);
    let mut p = Position::start(&v);
    play(&mut p, &["e2e4", "f7f5", "d1h5"]);
    assert!(p.to_string().ends_with(" checks=1,0"), "{p}");
    assert_eq!(
        p.fen().unwrap(),
        "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    // The same placement without the check given is another position.
    let quiet = Position::from_str(&v, &p.to_string().replace(" checks=1,0", "")).unwrap();
    assert_ne!(quiet.hash(), p.hash());
    assert!(every_move_undoes(&mut p) > 0);
    play(&mut p, &["g7g6", "h5g6", "h7g6"]);
    assert!(p.to_string().ends_with(" checks=2,0"), "{p}");
    p.unmake();
    p.unmake();
    assert!(p.to_string().ends_with(" checks=1,0"), "{p}");
    // The third check wins.
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 20").unwrap();
    play(&mut p, &["a1a8"]);
    assert_eq!(
        finished(&mut p),
        Some(("three-checks".to_owned(), vec![Score::Win, Score::Loss]))
    );
}

#[test]
fn a_pass_is_a_move_when_allowed() {
    let v = small("allow pass\ncheck always\nend checkmate: lose\nend stalemate: draw");
    let mut p = place(&v, "K e1, k e8, R a1", 'w', "");
    let moves = p.legal_moves();
    let passes: Vec<_> = moves
        .iter()
        .filter(|m| m.kind() == MoveKind::Pass)
        .collect();
    assert_eq!(passes.len(), 1);
    let before = (p.to_string(), p.hash());
    p.make(*passes[0]);
    assert_eq!(p.to_move(), 1);
    assert_ne!(p.hash(), before.1);
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);
    // Without `allow pass` there is none.
    let v = small("check always\nend checkmate: lose");
    let mut p = place(&v, "K e1, k e8, R a1", 'w', "");
    assert!(p.legal_moves().iter().all(|m| m.kind() != MoveKind::Pass));
}

#[test]
fn must_and_forbid_filter_the_moves() {
    let v = small("must captures\nforbid move of king into rank2");
    let mut p = place(&v, "K e1, k e8, R a1, r a5", 'w', "");
    assert_eq!(longs(&mut p), ["a1a5"]);
    let mut p = place(&v, "K e1, k e8, R a1, r h5", 'w', "");
    let moves = longs(&mut p);
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m.as_str(), "e1d2" | "e1e2" | "e1f2")),
        "{moves:?}"
    );
    assert!(moves.contains(&"e1d1".to_owned()) && moves.contains(&"a1a5".to_owned()));
    // `must` is about the mover's own moves: Black, with no capture, moves freely.
    let mut p = place(&v, "K e1, k e8, R a1, r h5", 'b', "");
    assert!(longs(&mut p).len() > 10);
}

#[test]
fn rank_by_orders_the_players_by_a_number() {
    let v = small("adjudicate if quiet >= 4: rank by pieces rook \"more rooks\"");
    let p = |s: &str| Position::from_str(&v, s).unwrap();
    let mut two = p("4k3/8/8/8/8/8/r7/RR2K3 w - - 4 9");
    assert_eq!(
        finished(&mut two),
        Some(("more-rooks".to_owned(), vec![Score::Win, Score::Loss]))
    );
    let mut even = p("4k3/8/8/8/8/8/r7/R3K3 w - - 4 9");
    assert_eq!(
        finished(&mut even),
        Some(("more-rooks".to_owned(), vec![Score::Draw, Score::Draw]))
    );
    let mut early = p("4k3/8/8/8/8/8/r7/RR2K3 w - - 3 9");
    assert_eq!(finished(&mut early), None);
    // Perft ignores adjudication; play does not.
    assert!(chessgraph::perft(&mut two, 1) > 0);
    assert!(two.legal_moves().is_empty());
}

#[test]
fn defs_name_conditions_and_unless_exempts_moves() {
    // A king may walk into check when it captures a rook (a made-up rule, to show
    // `unless` reading the move).
    let v = small(
        "def rook_taken = captures rook\ncheck always unless rook_taken\nend checkmate: lose",
    );
    let mut p = place(&v, "K e1, k e8, r d2, r d3", 'w', "");
    assert_eq!(longs(&mut p), ["e1d2", "e1f1"]);
    // Without the exemption the king may not take the guarded rook.
    let v = small("check always\nend checkmate: lose");
    let mut p = place(&v, "K e1, k e8, r d2, r d3", 'w', "");
    assert_eq!(longs(&mut p), ["e1f1"]);
}

#[test]
fn end_if_is_about_every_player_the_mover_first() {
    // Both players' conditions hold after the move: the mover's rule applies.
    let v = small(
        "end if pieces pawn in rank8 > 0 or pieces pawn in rank1 > 0: subject wins \"arrived\"",
    );
    let mut p = place(&v, "K e1, k e8, P a7, p h2", 'w', "");
    play(&mut p, &["a7a8"]);
    assert_eq!(
        finished(&mut p),
        Some(("arrived".to_owned(), vec![Score::Win, Score::Loss]))
    );
}

/// A piece that may both move quietly and take en passant onto the same cell takes
/// (the lists keep the capture, not whichever rule comes first), and the captures-only
/// list agrees with the full one. Berolina's file once had this overlap by mistake:
/// the captures-only list found the capture the full list had dropped.
#[test]
fn a_quiet_move_onto_an_en_passant_cell_takes() {
    let v = small(
        "extend piece pawn {\n  step ne nw se sw to empty\n  slide forward exactly 2 to empty from e2 creates en passant\n  step ne nw se sw en passant\n}",
    );
    let mut p = Position::from_str(&v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut p, &["e2e4"]);
    let m = p.parse_long("d4e3").unwrap();
    assert!(p.takes_piece(m), "{}", p.long(m));
    let mut captures = chessgraph::MoveList::new();
    p.legal_captures_into(&mut captures);
    let taking: Vec<_> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| p.takes_piece(m))
        .collect();
    assert_eq!(captures[..], taking[..]);
    p.make(m);
    assert_eq!(
        p.to_string().split(' ').next(),
        Some("4k3/8/8/8/8/4p3/8/4K3")
    );
}

/// Extinction's end rule reads the material alone and is remembered false for a
/// material: a position read with a type already extinct is over, and a material met
/// again after unmaking is judged the same way.
#[test]
fn material_rules_are_judged_after_every_move_that_matters() {
    let v = crate::common::named("extinction", &[]);
    let mut p =
        Position::from_str(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1").unwrap();
    assert!(finished(&mut p).is_some(), "{p}");
    // From the start: quiet moves (remembered false), then a capture of the only
    // queen ends the game; unmade, the quiet position is still going on.
    let mut p = Position::start(&v);
    play(&mut p, &["e2e4", "d7d5", "d1h5", "d8d6"]);
    assert!(finished(&mut p).is_none(), "{p}");
    play(&mut p, &["h5d5", "d6d5"]);
    assert!(finished(&mut p).is_some(), "{p}");
    p.unmake();
    p.unmake();
    assert!(finished(&mut p).is_none(), "{p}");
    play(&mut p, &["a2a3"]);
    assert!(finished(&mut p).is_none(), "{p}");
}

#[test]
fn a_stalemate_scores_shares_of_a_point() {
    // Glinski's rule: 3/4 for the player who stalemates, 1/4 for the stalemated one.
    let v = small("check always\nend checkmate: lose\nend stalemate: score subject 1/4 actor 3/4");
    let mut p = Position::from_str(&v, "k7/8/K7/8/8/8/8/2R5 w - - 0 1").unwrap();
    play(&mut p, &["c1b1"]);
    assert!(p.legal_moves().is_empty());
    let shares = vec![Score::Share(18), Score::Share(6)];
    assert_eq!(
        finished(&mut p),
        Some(("stalemate".to_owned(), shares.clone()))
    );
    assert_eq!(v.points_text(Score::Share(18)), "3/4");
    // The pass that records the end reads back from the position string.
    let mut after = p.clone();
    after.make(chessgraph::Move::pass());
    let text = after.to_string();
    assert!(text.ends_with("end=stalemate:3/4,1/4"), "{text}");
    let mut back = Position::from_str(&v, &text).unwrap();
    assert_eq!(finished(&mut back), Some(("stalemate".to_owned(), shares)));
    for bad in ["5/4", "1/5", "x"] {
        let wrong = text.replace("3/4", bad);
        assert!(Position::from_str(&v, &wrong).is_err(), "{wrong}");
    }
}

#[test]
fn shares_that_no_engine_can_keep_are_errors() {
    for (rules, code) in [
        ("end stalemate: score subject 1/5", "compile::bad-share"),
        ("end stalemate: score subject 5/4", "compile::bad-share"),
        (
            "end stalemate: score subject 1/4 subject 1/2",
            "compile::bad-share",
        ),
        ("end repetition 3 at once: draw", "compile::at-once"),
        (
            "end repetition 3: add 1 to c\ncounter c",
            "compile::bad-outcome",
        ),
        (
            "adjudicate if quiet > 3: add 1 to c\ncounter c",
            "compile::effect-stage",
        ),
    ] {
        let codes = error_codes(rules);
        assert!(codes.contains(&code), "{rules}: {codes:?}");
    }
}

#[test]
fn points_per_event_go_to_the_subject_actor_or_others() {
    let v = small(
        "check always\ncounter score\n\
         after move if captures: add captured value + 1 to score\n\
         after move if gives check: add 2 to score of others\n\
         end checkmate: lose",
    );
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1").unwrap();
    play(&mut p, &["a1a2"]);
    // The rook is worth 5: white 5 + 1.
    assert_eq!(p.counter(0, 0), 6);
    assert!(p.to_string().contains("score=6,0"), "{p}");
    play(&mut p, &["e8d7", "a2a7"]);
    // Check: each other player (black) gets 2.
    assert_eq!((p.counter(0, 0), p.counter(0, 1)), (6, 2));
    p.unmake();
    assert_eq!((p.counter(0, 0), p.counter(0, 1)), (6, 0));
    every_move_undoes(&mut p);
}
