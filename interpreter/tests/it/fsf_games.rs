//! Differences from Fairy-Stockfish found along random games by `tools/game-vs-fsf`
//! (see `tests/perft/game-vs-fsf.md`), each kept here once fixed: the game is replayed
//! and the position compared with what Fairy-Stockfish printed there.

use crate::common::named;
use chessgraph::san::parse_move;
use chessgraph::{Outcome, Position, Score};

/// The position after `moves` (long notation) from the variant's start.
fn after(name: &str, moves: &str) -> Position {
    let v = named(name, &[]);
    let mut p = Position::start(&v);
    for m in moves.split_whitespace() {
        let mv = parse_move(&mut p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
    }
    p
}

/// Atomic: White blows up Black's king while Black's queen still attacks White's king
/// (game 4 of seed 1). The game is over, and FEN describes it as Fairy-Stockfish
/// prints it; the reader used to refuse that FEN ("`white` is in check but not to
/// move"), so the position had no FEN at all.
#[test]
fn atomic_finished_game_with_the_winner_attacked_has_a_fen() {
    let mut p = after(
        "atomic",
        "e2e4 a7a5 b1c3 g8h6 g1h3 b8a6 f2f3 a8a7 a1b1 f7f6 a2a3 a6b4 e4e5 b4c6 h1g1 c6b8 \
         b2b4 f6f5 h3f2 h6g4 b1b2 a5b4 d2d4 g4h2 c1f4 d7d6 c2c3 d6d5 e1d2 e8d7 d1a4 c7c6 \
         b2b7 e7e6 f4g5 d8e8 g5h6 h8g8 f1b5 e8b8 b5f1 b8d8 a4a6 d8g5 a6c6",
    );
    let fsf = "5br1/6pp/4p2B/3pPpq1/3P4/P1P2P2/3K1NP1/5B2 b - - 0 23";
    assert_eq!(p.fen().as_deref(), Some(fsf));
    let mut back = Position::from_str(p.variant(), fsf).expect("FSF's FEN reads");
    assert_eq!(back, p);
    for q in [&mut p, &mut back] {
        let Outcome::Finished { scores, .. } = q.outcome() else {
            panic!("the game is over")
        };
        assert_eq!(scores, [Score::Win, Score::Loss]);
        assert!(q.every_move().is_empty());
    }
    // The same with a knight giving the "check" (game 35), and White's unmoved rook.
    let fsf = "rqb5/p2pbppp/1p2p3/2p3P1/P2n1P2/1P1PP3/1BP1KN1P/R2Q1B1R b - - 0 19";
    let p = Position::from_str(&named("atomic", &[]), fsf).expect("FSF's FEN reads");
    assert_eq!(p.fen().as_deref(), Some(fsf));
    // A game that goes on still refuses the side not to move in check.
    let chess = named("chess", &[]);
    let bad = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR b KQkq - 1 3";
    assert!(Position::from_str(&chess, bad).is_err());
}

/// Xiangqi: a soldier across the river steps sideways and back, the generals step to
/// and fro: the third occurrence is a draw by repetition, as Fairy-Stockfish finds
/// (game 45 of seed 2026). A soldier's move resets the quiet counter (it is a `pawn`),
/// and the repetition window used to end there, so the repeats were never seen.
#[test]
fn xiangqi_repetition_across_sideways_soldier_moves() {
    let v = named("xiangqi", &[]);
    let mut p = Position::from_str(&v, "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1").expect("reads");
    let cycle = ["e6f6", "d10d9", "f6e6", "d9d10"];
    for (i, m) in cycle.iter().chain(&cycle).enumerate() {
        assert_eq!(p.outcome(), Outcome::Ongoing, "before ply {i}");
        let mv = parse_move(&mut p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
    }
    assert_eq!(p.repetitions(), 3);
    let Outcome::Finished { scores, .. } = p.outcome() else {
        panic!("a threefold repetition ends the game")
    };
    assert_eq!(scores, [Score::Draw, Score::Draw]);
}
