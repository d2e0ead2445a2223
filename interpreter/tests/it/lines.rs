//! The `line` fact (pieces in a row): rows follow the board's edges (a cylinder's rank
//! wraps), `along` limits the directions, piece lists and `of WHOSE` pick the pieces,
//! and bad lengths or directions are diagnostics. Tapatan's perft against its naive
//! generator is in `perft.rs`.

use crate::common::{chess_board, compile, dsl_board, place, variant};
use chessgraph::{Error, Outcome, Position, Score, Variant};
use std::sync::Arc;

/// Two players with stones and a king each on `board.yaml`, ending with `end_rule`.
fn stones(board: &str, end_rule: &str) -> Arc<Variant> {
    let rules = format!(
        r#"
game "Stones"
board "board.yaml"
player white tag w seat white
player black tag b seat black
dirs all = n e s w ne nw se sw
piece king K {{
  step all to empty
}}
piece stone S {{
  step all to empty
}}
setup white: K h8
setup black: K a8
{end_rule}
"#
    );
    variant(&rules, &[("board.yaml", board)])
}

/// The label of the end reached at setup, or `None` when the game goes on.
fn ended(v: &Arc<Variant>, pieces: &str, to_move: char) -> Option<(String, Vec<Score>)> {
    let mut p: Position = place(v, pieces, to_move, "");
    match p.outcome() {
        Outcome::Ongoing => None,
        Outcome::Finished { reason, scores } => Some((v.end_label(reason).to_owned(), scores)),
    }
}

#[test]
fn a_row_of_three_in_any_direction_ends_the_game() {
    let v = stones(&chess_board(), r#"end if line 3 stone: subject wins "row""#);
    let win = Some(("row".to_owned(), vec![Score::Win, Score::Loss]));
    assert_eq!(ended(&v, "K h8, k a8, S c3, S d4, S e5", 'b'), win);
    assert_eq!(ended(&v, "K h8, k a8, S c3, S c4, S c5", 'b'), win);
    assert_eq!(ended(&v, "K h8, k a8, S c3, S d3, S e3", 'b'), win);
    assert_eq!(ended(&v, "K h8, k a8, S e3, S d4, S c5", 'b'), win);
    // Gaps, bends and knight-distance rows are not rows.
    assert_eq!(ended(&v, "K h8, k a8, S c3, S d3, S f3", 'b'), None);
    assert_eq!(ended(&v, "K h8, k a8, S c3, S d3, S d4", 'b'), None);
    assert_eq!(ended(&v, "K h8, k a8, S c3, S d5, S e7", 'b'), None);
    // Black's row wins for Black.
    assert_eq!(
        ended(&v, "K h8, k a8, s a1, s b1, s c1", 'w'),
        Some(("row".to_owned(), vec![Score::Loss, Score::Win]))
    );
}

#[test]
fn only_the_listed_pieces_of_one_player_count() {
    let v = stones(&chess_board(), "end if line 3 stone: subject wins");
    // The king is not a stone; a black stone does not finish a white row.
    assert_eq!(ended(&v, "K c4, k a8, S c3, S c5", 'b'), None);
    assert_eq!(ended(&v, "K h8, k a8, S c3, s c4, S c5", 'b'), None);
    let any = stones(&chess_board(), "end if line 3: subject wins");
    assert!(ended(&any, "K c4, k a8, S c3, S c5", 'b').is_some());
}

#[test]
fn along_limits_the_directions() {
    let v = stones(&chess_board(), "end if line 3 along e w: subject wins");
    assert!(ended(&v, "K h8, k a8, S c3, S d3, S e3", 'b').is_some());
    assert_eq!(ended(&v, "K h8, k a8, S c3, S c4, S c5", 'b'), None);
    assert_eq!(ended(&v, "K h8, k a8, S c3, S d4, S e5", 'b'), None);
    // A direction set resolved for each player: White's forward is north, Black's
    // south, a column either way.
    let sets = stones(
        &chess_board(),
        "dirs ahead = n for white, s for black\nend if line 3 along ahead: subject wins",
    );
    assert!(ended(&sets, "K h8, k a8, S c3, S c4, S c5", 'b').is_some());
    assert!(ended(&sets, "K h8, k a8, s c3, s c4, s c5", 'w').is_some());
    assert_eq!(ended(&sets, "K h8, k a8, S c3, S d3, S e3", 'b'), None);
}

#[test]
fn rows_follow_the_edges_of_the_board() {
    let v = stones(
        &dsl_board("ok_cylinder.yaml"),
        "end if line 4 stone: subject wins",
    );
    // g1 h1 a1 b1 across the seam of the cylinder.
    assert!(ended(&v, "K h8, k a8, S g1, S h1, S a1, S b1", 'b').is_some());
    assert_eq!(ended(&v, "K h8, k a8, S g1, S h1, S b1, S c1", 'b'), None);
    // A rank full of stones is a row however long, and finite.
    let full = "K h8, k a8, S a3, S b3, S c3, S d3, S e3, S f3, S g3, S h3";
    let eight = stones(
        &dsl_board("ok_cylinder.yaml"),
        "end if line 8: subject wins",
    );
    assert!(ended(&eight, full, 'b').is_some());
    let nine = stones(
        &dsl_board("ok_cylinder.yaml"),
        "end if line 9 stone: subject wins",
    );
    assert_eq!(ended(&nine, full, 'b'), None);
}

#[test]
fn of_whose_and_the_move_that_makes_the_row() {
    // A filter reads the row after the move: no move may complete the mover's own row
    // along a file. `of others` reads the other players' pieces.
    let v = stones(
        &chess_board(),
        "forbid line 3 along n s\nend if line 3 of others: lose",
    );
    let mut p = place(&v, "K h8, k a8, S c3, S c4, S d5", 'w', "");
    let moves: Vec<String> = {
        let ms = p.legal_moves();
        ms.iter().map(|&m| p.long(m)).collect()
    };
    assert!(!moves.contains(&"d5c5".to_owned()), "{moves:?}");
    assert!(moves.contains(&"d5d6".to_owned()));
    // One piece is a row of one.
    let one = stones(&chess_board(), "end if line 1 stone of others: lose");
    assert!(ended(&one, "K h8, k a8, s c3", 'w').is_some());
    assert_eq!(ended(&one, "K h8, k a8", 'w'), None);
}

#[test]
fn bad_lengths_and_directions_are_reported_together() {
    let rules = r#"
game "Stones"
board "board.yaml"
player white
player black
piece stone S {
  step n
}
end if line 0: subject wins
end if line 65 stone: subject wins
end if line 3 along up: subject wins
end if line 3 pebble: subject wins
"#;
    let board = chess_board();
    let Err(Error::Variant(ds)) = compile(rules, &[("board.yaml", &board)], &[]) else {
        panic!("compiles");
    };
    let codes: Vec<&str> = ds.0.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            "compile::line-length",
            "compile::line-length",
            "compile::unknown-direction",
            "compile::unknown-piece"
        ],
        "{ds:?}"
    );
}
