//! Teams (`team NAME: PLAYERS`): partners never take or attack each other's pieces,
//! win and lose together, and rank by their summed values. Four-player chess in teams
//! (`variants/four-player-teams`), red and yellow against blue and green.

use crate::common::{chess_board, named, place, sorted_longs};
use chessgraph::{Outcome, Position, Score};

const KINGS: &str = "rK h1, bK a8, yK g14, gK n7";

/// Four players on the chess board, a and c against b and d (the teams follow), with
/// kings and rooks.
const FOUR: &str = r#"
game "Teams"
board "board.yaml"
player a tag a seat white
player b tag b seat black
player c tag c seat white
player d tag d seat black
piece king K royal {
  step n e s w
}
piece rook R {
  slide n e s w
}
"#;

#[test]
fn partners_never_take_each_others_pieces() {
    let v = named("four-player-teams", &[]);
    // Red's rook e5 meets yellow's pawn e6 (a partner) and blue's pawn e4 (an opponent).
    let mut p = place(&v, &format!("{KINGS}, rR e5, yP e6, bP e4"), 'r', "");
    let rook: Vec<String> = sorted_longs(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("e5"))
        .collect();
    assert!(rook.contains(&"e5e4".to_owned()), "{rook:?}");
    assert!(!rook.contains(&"e5e6".to_owned()), "{rook:?}");
}

#[test]
fn a_partners_piece_gives_no_check() {
    let v = named("four-player-teams", &[]);
    // Yellow's queen h10 stands on red's king's file: no check, the king may stay.
    let mut p = place(&v, &format!("{KINGS}, yQ h10, rP d2"), 'r', "");
    assert!(!p.in_check());
    assert!(sorted_longs(&mut p).contains(&"d2d3".to_owned()));
    // Blue's rook on the same file checks him.
    let mut q = place(&v, &format!("{KINGS}, bR h10, rP d2"), 'r', "");
    assert!(q.in_check());
    assert!(!sorted_longs(&mut q).contains(&"d2d3".to_owned()));
}

#[test]
fn a_teams_win_is_every_members_win() {
    let v = named("four-player-teams", &[]);
    // Blue to move is mated (red's queen b8, guarded by the rook d8): blue and his
    // partner green lose, red and yellow win.
    let mut p = place(&v, "rK h1, rQ b8, rR d8, bK a8, yK g14, gK n7", 'b', "");
    assert!(p.legal_moves().is_empty());
    let Outcome::Finished { scores, .. } = p.outcome() else {
        panic!("{p}: not over");
    };
    assert_eq!(scores, [Score::Win, Score::Loss, Score::Win, Score::Loss]);
}

#[test]
fn teams_rank_by_their_summed_values() {
    // Four players on the chess board, two teams: at the move limit the team with
    // more rooks in all wins, though one of the other team's players has the most.
    let rules = format!(
        "{FOUR}team ac: a c\nteam bd: b d\nadjudicate if quiet >= 2: rank by pieces rook\n"
    );
    let v = crate::common::variant(&rules, &[("board.yaml", &chess_board())]);
    let mut p = Position::from_str(&v, "aRaKbRbRbRcRcRcK/8/8/8/8/8/8/bKdKdR5 a - - 2 1")
        .unwrap_or_else(|e| panic!("{e}"));
    // a 1 + c 2 = 3 rooks; b 3 + d 1 = 4 rooks.
    let Outcome::Finished { scores, .. } = p.outcome() else {
        panic!("{p}: not over");
    };
    assert_eq!(scores, [Score::Loss, Score::Win, Score::Loss, Score::Win]);
}

#[test]
fn wins_when_all_needs_every_member() {
    // `end if pieces rook in far >= 1: win` (far: rank 8): with `wins when all`, team
    // ac wins only when a and c both have a rook there; without it, when either has.
    let rules = |all: &str| {
        format!(
            "{FOUR}team ac: a c{all}\nteam bd: b d\n\
             zone far = a8 b8 c8 d8 e8 f8 g8 h8\nend if pieces rook in far >= 1: win\n"
        )
    };
    let after_a_move = |all: &str, position: &str| {
        let v = crate::common::variant(&rules(all), &[("board.yaml", &chess_board())]);
        let mut p = Position::from_str(&v, position).unwrap_or_else(|e| panic!("{e}"));
        let m = p.parse_long("b7b8").unwrap();
        p.make(m);
        p.outcome()
    };
    // a's rook reaches rank 8, c's stays on rank 7.
    let one = "8/1aR4cR1/8/bK6dK/8/8/8/aK6cK a - - 0 1";
    assert_eq!(after_a_move(" wins when all", one), Outcome::Ongoing);
    assert!(matches!(after_a_move("", one), Outcome::Finished { .. }));
    // c's rook is there already.
    let both = "6cR1/1aR6/8/bK6dK/8/8/8/aK6cK a - - 0 1";
    let Outcome::Finished { scores, .. } = after_a_move(" wins when all", both) else {
        panic!("both members have two rooks");
    };
    assert_eq!(scores, [Score::Win, Score::Loss, Score::Win, Score::Loss]);
}

#[test]
fn a_player_in_two_teams_or_a_team_of_one_is_an_error() {
    for (teams, code) in [
        (
            "team x: white black\nteam y: black white",
            "compile::team-twice",
        ),
        ("team x: white", "compile::team-too-small"),
        ("team x: white nobody", "compile::unknown-player"),
    ] {
        let codes = crate::common::error_codes(teams);
        assert!(codes.contains(&code), "{teams}: {codes:?}");
    }
}

#[test]
fn four_player_points_after_a_scripted_game() {
    // Free for all (chess.com's points): red's queen d13-j13 mates blue and yellow at
    // once, checking two kings with a queen: 20 + 20 + 1. Both are out before their
    // turns; green moves next. A dead piece taken scores nothing; a live one its value.
    let v = named("four-player", &[]);
    let start = "7yK/rQ6yP/8/8rN5/14/4bB9/12gP1/12gPgK/12gP1/4rR9/bKbP12/8/2rPrP4/4rK3 r - - 0 1";
    let mut p = Position::from_str(&v, start).unwrap();
    let play = |p: &mut Position, m: &str| {
        let mv = p
            .parse_long(m)
            .unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
        p.make(mv);
    };
    play(&mut p, "d13j13");
    assert!(p.is_eliminated(1) && p.is_eliminated(2), "{p}");
    assert_eq!(p.to_move(), 3);
    assert_eq!(p.counter(0, 0), 41);
    // Green's pawn m6 steps; red's queen takes yellow's dead pawn k13: no points.
    play(&mut p, "m6l6");
    play(&mut p, "j13k13");
    assert_eq!(p.counter(0, 0), 41);
    // Green's pawn m7 steps; red's rook e5 takes blue's dead bishop e9: no points.
    play(&mut p, "m7l7");
    play(&mut p, "e5e9");
    assert_eq!(p.counter(0, 0), 41);
    // The rook swings to rank 8 and takes green's live pawn m8: 1 point.
    play(&mut p, "l7k7");
    play(&mut p, "e9e8");
    play(&mut p, "k7j7");
    play(&mut p, "e8m8");
    assert_eq!(p.counter(0, 0), 42, "{p}");
    assert!(p.to_string().contains("score=42,0,0,0"), "{p}");
    // Taken back move by move, the scores go back too.
    while p.unmake().is_some() {}
    assert_eq!(p.to_string(), start);
}
