//! The rule faults an outside review found (issue 19), each on the position it was
//! found with: every test failed before its fix.

use crate::common::{chess, named};
use chessgraph::{perft, EndReason, Outcome, Position, Score};

/// The legal moves in long notation.
fn longs(p: &mut Position) -> Vec<String> {
    p.legal_moves().iter().map(|&m| p.long(m)).collect()
}

/// Fault 2: a pinned piece that walks onto a primed mine along its pin line is blown
/// up and would leave its king attacked: the move is illegal (RULES section 4).
#[test]
fn a_pinned_piece_may_not_step_on_a_primed_mine_and_expose_its_king() {
    let v = named("mined-chess", &[]);
    let fen =
        "7b/2kBq2b/8/8/P4P1P/4R2N/1PP5/1R2K3 w - - 5 57 mines=a6+,e6+,a3+,e3+ rng=3c6ef372fe94fffc";
    let mut p = Position::from_str(&v, fen).unwrap();
    let moves = longs(&mut p);
    assert!(!moves.contains(&"e3e6".to_owned()), "{moves:?}");
    // The rook may still slide along the pin line short of the mine.
    assert!(moves.contains(&"e3e5".to_owned()), "{moves:?}");
}

/// Fault 3: in Zubrin's two-player phase a mate eliminates the mated player at once:
/// he has no move at all, not a pass, and perft counts nothing below the mate.
#[test]
fn a_zubrin_mate_with_two_players_left_ends_the_game_without_a_pass() {
    let v = named("zubrin", &[]);
    let fen = "4rK3/8/8/8/4bK3/8/6bR1/8/8/8/1bQ6/wK7 w - - 0 1 elim=r";
    let mut p = Position::from_str(&v, fen).unwrap();
    assert!(p.legal_moves().is_empty());
    assert_eq!(perft(&mut p, 1), 0);
    assert_eq!(
        p.outcome(),
        Outcome::Finished {
            reason: EndReason::LastPlayer,
            scores: vec![Score::Loss, Score::Loss, Score::Win],
        }
    );
}

/// Fault 4: in Dreierschach a king capture may not leave the captor's own king
/// attacked (RULES section 3).
#[test]
fn a_dreierschach_king_capture_may_not_expose_the_captor() {
    let v = named("dreierschach", &[]);
    let fen = "6/7/5bK2/gK8/10/11/12/13/12/4wR6/6gB3/9/3wK4 g - - 0 1";
    let mut p = Position::from_str(&v, fen).unwrap();
    let moves = longs(&mut p);
    assert!(!moves.contains(&"g3k11".to_owned()), "{moves:?}");
    assert!(p.in_check());
}

/// Fault 5: a game over by adjudication (dead position, repetition, move counts) has
/// no legal moves and accepts none, while perft ignores the adjudication.
#[test]
fn adjudicated_games_have_no_moves_but_perft_ignores_adjudication() {
    for (name, fen) in [
        ("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        ("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"),
        ("chess-for-3", "4rK3/8/8/8/4bK3/8/8/8/8/8/8/wK7 w - - 0 1"),
        (
            "dreierschach",
            "6/7/5bK2/gK8/10/11/12/13/12/11/10/9/3wK4 w - - 0 1",
        ),
    ] {
        let v = named(name, &[]);
        let mut p = Position::from_str(&v, fen).unwrap();
        assert!(
            matches!(p.outcome(), Outcome::Finished { .. }),
            "{name} {fen}"
        );
        assert!(p.legal_moves().is_empty(), "{name} {fen}");
        assert!(p.every_move().is_empty(), "{name} {fen}");
        assert!(
            perft(&mut p, 1) > 0,
            "{name} {fen}: perft ignores adjudication"
        );
        let any = chessgraph::divide(&mut p, 1)[0].0;
        assert!(p.play(any).is_err(), "{name} {fen}: no move after the end");
    }
}

/// Fault 6: kings and bishops that all stand on cells of one colour are a dead
/// position, written as a general rule (`adjudicate if`, chess.rules).
#[test]
fn bishops_on_one_colour_are_a_dead_position() {
    let v = chess();
    let dead = [
        "4k3/4b3/8/8/8/2B2K2/8/8 b - - 0 106",
        "4k3/8/8/8/8/2B2K2/3B4/8 w - - 0 1",
        "4k3/8/3b1b2/8/8/2B2K2/3B4/8 w - - 0 1",
    ];
    for fen in dead {
        let mut p = Position::from_str(&v, fen).unwrap();
        match p.outcome() {
            Outcome::Finished { reason, scores } => {
                assert_eq!(v.end_label(reason), "dead-position", "{fen}");
                assert_eq!(scores, [Score::Draw, Score::Draw]);
            }
            Outcome::Ongoing => panic!("{fen} is dead"),
        }
    }
    // Bishops on both colours, or another piece: play on.
    for fen in [
        "4k3/3b4/8/8/8/2B2K2/8/8 b - - 0 106",
        "4k3/4b3/8/8/8/2B2K2/7P/8 b - - 0 106",
    ] {
        let mut p = Position::from_str(&v, fen).unwrap();
        assert_eq!(p.outcome(), Outcome::Ongoing, "{fen}");
    }
}

/// Fault 7: Zubrin draws by threefold repetition and by 150 quiet plies (RULES 2a).
#[test]
fn zubrin_draws_by_repetition_and_quiet_plies() {
    let v = named("zubrin", &[]);
    // The start with 149 quiet plies: a knight move makes 150.
    let start = Position::start(&v).to_string();
    let fields: Vec<&str> = start.split(' ').collect();
    let text = format!(
        "{} {} {} {} 149 {}",
        fields[0], fields[1], fields[2], fields[3], fields[5]
    );
    let mut p = Position::from_str(&v, &text).unwrap();
    assert_eq!(p.outcome(), Outcome::Ongoing);
    let m = p.parse_long("b1c3").unwrap();
    p.make(m);
    assert!(
        matches!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::Quiet,
                ..
            }
        ),
        "{p}"
    );
    // Knights back and forth: the third time the position occurs is a draw.
    let mut p = Position::start(&v);
    let shuffle = ["b1c3", "g12f10", "k8j6", "c3b1", "f10g12", "j6k8"];
    for m in shuffle.iter().chain(shuffle.iter()) {
        assert_eq!(p.outcome(), Outcome::Ongoing, "{p}");
        let m = p.parse_long(m).unwrap();
        p.make(m);
    }
    assert!(
        matches!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::Repetition,
                ..
            }
        ),
        "{p}"
    );
}
