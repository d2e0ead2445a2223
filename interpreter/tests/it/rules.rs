//! The rule clauses on small variants: several players, elimination, passing,
//! control, en-passant windows, `first`, zones, optional promotion, hops, duplicate
//! moves, and every way a game ends.

use crate::common::{chess, chess_board, compile, play, variant};
use crate::games::random_game;
use chessgraph::{EndReason, MoveKind, Outcome, Position, Score, Variant};
use std::sync::Arc;

fn longs(p: &mut Position) -> Vec<String> {
    let moves = p.legal_moves();
    moves.iter().map(|&m| p.long(m)).collect()
}

const FIVE: &str = r#"
name: five
seats: [a, b, c]
directions:
  n: { opposite: s }
  s: { opposite: n }
  e: { opposite: w }
  w: { opposite: e }
lattice:
  kind: grid
  width: 5
  height: 5
  vectors: { n: [0, 1], s: [0, -1], e: [1, 0], w: [-1, 0] }
zones:
  rank1: { y: [1] }
"#;

/// A three-player game on a 5x5 board (players a, b, c in turn order).
fn three(extra: &str, options: &[(&str, &str)]) -> Arc<Variant> {
    let rules = format!(
        r#"
game "Three"
board "five.yaml"
option window: choice(turn, round) = turn
player a
player b
player c
piece king K royal {{
  step n e s w
}}
piece rook R value 5 {{
  slide n e s w
}}
piece pawn P value 1 pawn {{
  slide n exactly 2 to empty from rank1 creates en passant
  step e w en passant
}}
piece sprinter S {{
  slide n max 2 first
  step s
}}
when window = round {{
  en passant lasts round
}}
{extra}
"#
    );
    compile(&rules, &[("five.yaml", FIVE)], options)
        .expect("compiles")
        .variant
}

#[test]
fn royal_capture_eliminates_and_the_last_player_wins() {
    let v = three("check never\nend royal captured: eliminate\n", &[]);
    let start = "aK4/5/bK1aR2/5/cK4 a - - 0 1";
    let mut p = Position::from_str(&v, start).unwrap();
    play(&mut p, &["c3a3"]);
    assert!(p.is_eliminated(1));
    assert_eq!(p.to_move(), 2, "b's turns are skipped");
    assert!(p.to_string().ends_with("elim=b"), "{p}");
    play(&mut p, &["a1b1", "a3a2", "b1c1", "a2b2", "c1b1", "b2b1"]);
    let done = Outcome::Finished {
        reason: EndReason::LastPlayer,
        scores: vec![Score::Win, Score::Loss, Score::Loss],
    };
    assert_eq!(p.outcome(), done);
    assert!(p.legal_moves().is_empty());
    let s = p.to_string();
    assert!(s.contains("end=last-player:1,0,0"), "{s}");
    assert_eq!(Position::from_str(&v, &s).unwrap(), p);
    while p.unmake().is_some() {}
    assert_eq!(p.to_string(), start);
}

#[test]
fn frozen_pieces_are_captured_but_do_not_attack() {
    let v = three(
        "check always\nend royal captured: eliminate\nend checkmate: lose\n",
        &[],
    );
    let mut p = Position::from_str(&v, "aK4/5/2bR2/5/2cK2 c - - 0 1 elim=b").unwrap();
    assert!(!p.in_check());
    assert!(longs(&mut p).contains(&"c1c2".to_owned()));
    play(&mut p, &["c1c2", "a5a4", "c2c3"]);
    assert_eq!(p.piece_at(v.cell("c3").unwrap()).unwrap().owner, 2);
}

#[test]
fn captor_controls_the_captured_army() {
    let v = three(
        "check never\nend royal captured: eliminate, captor controls\n",
        &[],
    );
    let start = "aK4/5/bK1aR2/bR4/cK4 a - - 0 1";
    let mut p = Position::from_str(&v, start).unwrap();
    play(&mut p, &["c3a3"]);
    assert!(p.to_string().ends_with("elim=b ctl=b:a"), "{p}");
    assert_eq!(p.controller(1, 0), 0);
    play(&mut p, &["a1b1"]);
    let moves = longs(&mut p);
    assert!(moves.contains(&"a2b2".to_owned()), "{moves:?}");
    assert!(moves.contains(&"a3b3".to_owned()));
    play(&mut p, &["a2a1"]);
    let s = p.to_string();
    assert_eq!(Position::from_str(&v, &s).unwrap(), p);
    while p.unmake().is_some() {}
    assert_eq!(p.to_string(), start);
}

#[test]
fn a_player_without_moves_passes() {
    let v = three("check never\nend no moves: pass\n", &[]);
    let mut p = Position::from_str(&v, "aK3cK/5/5/aR4/bP4 b - - 0 1").unwrap();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].kind(), MoveKind::Pass);
    assert_eq!(p.long(moves[0]), "pass");
    p.make(moves[0]);
    assert_eq!(p.to_move(), 2);
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn no_moves_can_eliminate() {
    let v = three("check never\nend no moves: eliminate\n", &[]);
    let mut p = Position::from_str(&v, "aK3cK/5/5/aR4/bP4 b - - 0 1").unwrap();
    let pass = p.parse_long("pass").unwrap();
    p.make(pass);
    assert!(p.is_eliminated(1));
    assert_eq!(p.to_move(), 2);
    p.unmake();
    assert!(!p.is_eliminated(1));
    assert_eq!(p.to_move(), 1);
}

#[test]
fn en_passant_lasts_a_turn_or_a_round() {
    let start = "aK1bK1cK/5/5/1bP1cP1/2aP2 a - - 0 1";
    for (window, c_may) in [("turn", false), ("round", true)] {
        let v = three("check never\n", &[("window", window)]);
        let mut p = Position::from_str(&v, start).unwrap();
        play(&mut p, &["c1c3"]);
        assert_eq!(p.to_string(), "aK1bK1cK/5/2aP2/1bP1cP1/5 b - c2>c3 0 1");
        assert!(longs(&mut p).contains(&"b2c2".to_owned()), "b may take");
        play(&mut p, &["c5c4"]);
        assert_eq!(
            longs(&mut p).contains(&"d2c2".to_owned()),
            c_may,
            "{window}"
        );
        if c_may {
            play(&mut p, &["d2c2"]);
            assert!(
                p.piece_at(v.cell("c3").unwrap()).is_none(),
                "the pawn that passed is taken"
            );
            p.unmake();
        }
        play(&mut p, &["e5e4", "a5a4"]);
        assert!(
            !longs(&mut p).contains(&"b2c2".to_owned()),
            "gone once a moves again"
        );
    }
}

#[test]
fn first_moves_need_an_unmoved_piece() {
    let v = three("check never\n", &[]);
    let mut p = Position::from_str(&v, "aK1bK1cK/5/5/5/aS4 a a1 - 0 1").unwrap();
    let moves = longs(&mut p);
    assert!(moves.contains(&"a1a2".to_owned()) && moves.contains(&"a1a3".to_owned()));
    play(&mut p, &["a1a2", "c5c4", "e5e4"]);
    assert!(!p.is_unmoved(v.cell("a2").unwrap()));
    let moves = longs(&mut p);
    assert!(!moves.iter().any(|m| m.starts_with("a2a")) || moves.contains(&"a2a1".to_owned()));
    assert!(!moves.contains(&"a2a3".to_owned()));
    assert!(
        Position::from_str(&v, "aK1bK1cK/5/5/5/aS4 a a5 - 0 1").is_err(),
        "a king's first move does not matter"
    );
}

#[test]
fn three_player_random_games_make_and_unmake() {
    let v = three("check when players <= 2\nend royal captured: eliminate, captor controls\nend checkmate: lose\nend no moves: pass\n", &[("window", "round")]);
    let start = "aK1bK1cK/aR3cR/1bS3/1bP1cP1/2aP1aS a e1 - 0 1";
    for seed in 0..20 {
        random_game(&v, start, seed, 150);
    }
}

/// Chess with extra pieces on the chess board.
fn fairy(pieces: &str) -> Arc<Variant> {
    let rules = format!(
        r#"
game "Fairy"
board "board.yaml"
player white tag w
player black tag b
dirs orthogonal = n e s w
dirs diagonal = ne nw se sw
zone far = rank8 for white, rank1 for black
piece king K royal {{
  step orthogonal diagonal
}}
{pieces}
check always
end checkmate: lose
end stalemate: draw
"#
    );
    variant(&rules, &[("board.yaml", &chess_board())])
}

#[test]
fn hops_land_behind_one_screen() {
    let v = fairy("piece grasshopper G {\n hop orthogonal diagonal\n}\npiece cannon C {\n slide orthogonal to empty\n hop orthogonal far to enemy\n}\npiece pawn P {\n step n s\n}");
    // Grasshopper on d4; screens on d6 (lands d7), f4 (lands g4), f6 (lands g7).
    let mut p = Position::from_str(&v, "4k3/8/3P1p2/8/3G1P2/8/8/4K3 w - - 0 1").unwrap();
    let mut g: Vec<String> = longs(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    g.sort();
    assert_eq!(g, ["d4d7", "d4g4", "d4g7"]);
    // Cannon on a1: slides to empty cells; captures over one screen, any distance.
    let mut p = Position::from_str(&v, "4k3/p7/8/8/P7/8/8/C3K3 w - - 0 1").unwrap();
    let mut c: Vec<String> = longs(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    c.sort();
    assert_eq!(c, ["a1a2", "a1a3", "a1a7", "a1b1", "a1c1", "a1d1"]);
    // The cannon gives check over a screen; the check test finds it.
    let p = Position::from_str(&v, "4k3/8/4P3/8/8/8/8/C5K1 b - - 0 1").unwrap();
    assert!(!p.in_check());
    let p = Position::from_str(&v, "4k3/4p3/4P3/8/8/8/8/4C1K1 b - - 0 1").unwrap();
    assert!(!p.in_check(), "two pieces between");
    let p = Position::from_str(&v, "4k3/8/4P3/8/8/8/8/4C1K1 b - - 0 1").unwrap();
    assert!(p.in_check());
}

#[test]
fn optional_promotion_into_a_zone_and_ranges() {
    let v = fairy(
        "piece queen Q {\n slide orthogonal diagonal\n}\n\
         piece pawn P pawn {\n step n to empty\n may promote into far to queen\n}\n\
         piece rider R {\n slide orthogonal min 2 max 3 into rank4 rank5\n}",
    );
    let mut p = Position::from_str(&v, "4k3/P7/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let mut moves = longs(&mut p);
    moves.sort();
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.starts_with("a7"))
            .collect::<Vec<_>>(),
        ["a7a8", "a7a8q"]
    );
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.starts_with("a1"))
            .collect::<Vec<_>>(),
        ["a1a4"]
    );
}

#[test]
fn two_rules_reaching_one_cell_give_one_move() {
    let v = fairy("piece guard G {\n step n e s w\n slide n e max 1\n leap n.e\n step ne\n}");
    let mut p = Position::from_str(&v, "4k3/8/8/8/3G4/8/8/4K3 w - - 0 1").unwrap();
    let mut g: Vec<String> = longs(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    let n = g.len();
    g.sort();
    g.dedup();
    assert_eq!(n, g.len());
    assert_eq!(g, ["d4c4", "d4d3", "d4d5", "d4e4", "d4e5"]);
}

#[test]
fn chess_game_ends() {
    let v = chess();
    let mut mate = Position::from_str(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    assert!(mate.in_check());
    assert_eq!(
        mate.outcome(),
        Outcome::Finished {
            reason: EndReason::Checkmate,
            scores: vec![Score::Loss, Score::Win]
        }
    );
    let mut stale = Position::from_str(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        stale.outcome(),
        Outcome::Finished {
            reason: EndReason::Stalemate,
            scores: vec![Score::Draw, Score::Draw]
        }
    );
    let mut bare = Position::from_str(&v, "7k/8/6K1/8/8/8/8/7B b - - 0 1").unwrap();
    assert_eq!(
        bare.outcome(),
        Outcome::Finished {
            reason: EndReason::Material,
            scores: vec![Score::Draw, Score::Draw]
        }
    );
    let mut quiet = Position::from_str(&v, "7k/8/8/8/8/8/8/KR6 b - - 100 80").unwrap();
    assert_eq!(
        quiet.outcome(),
        Outcome::Finished {
            reason: EndReason::Quiet,
            scores: vec![Score::Draw, Score::Draw]
        }
    );
    assert_eq!(
        chessgraph::perft(&mut quiet, 1),
        3,
        "perft ignores the quiet rule"
    );
    let mut rep = Position::start(&v);
    play(
        &mut rep,
        &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"],
    );
    assert_eq!(rep.outcome(), Outcome::Ongoing);
    play(&mut rep, &["f6g8"]);
    assert_eq!(rep.repetitions(), 3);
    assert_eq!(
        rep.outcome(),
        Outcome::Finished {
            reason: EndReason::Repetition,
            scores: vec![Score::Draw, Score::Draw]
        }
    );
    // The game is over: no legal moves; perft ignores repetition (as Fairy-Stockfish).
    assert!(rep.legal_moves().is_empty(), "a drawn game has no moves");
    assert_eq!(
        chessgraph::perft(&mut rep, 1),
        20,
        "perft ignores repetition"
    );
}
