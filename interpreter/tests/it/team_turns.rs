//! Turn tracks (`turns per zone`), as the StrategiChess team game uses them: every
//! board keeps its own turn, a move may be made on any board whose side to move has
//! one, pieces are moved by their team's player of the board where they stand, and
//! when one player at a time must move (play, the computer) the boards take turns.

use crate::common::named;
use crate::strategichess::{moves_from, play};
use crate::strategichess_team::{place, seat, with_turns};
use chessgraph::search::{Limits, Searcher};
use chessgraph::{perft, Position, Variant};
use std::sync::Arc;

fn team(n: usize) -> Arc<Variant> {
    named("strategichess-team", &[("boards", &n.to_string())])
}

#[test]
fn every_board_keeps_its_own_turn() {
    let v = team(3);
    let mut p = Position::start(&v);
    assert_eq!(v.track_count(), 3);
    assert_eq!(v.track_names(), ["board1", "board2", "board3"]);
    play(&mut p, "1:e4-1:e6");
    // Board 1 has Black to move, boards 2 and 3 still White; board 2 is scheduled.
    let turns: Vec<u8> = (0..3).map(|t| p.track_to_move(t)).collect();
    assert_eq!(turns, [seat('b', 1), seat('w', 2), seat('w', 3)]);
    assert_eq!((p.scheduled_track(), p.to_move()), (1, seat('w', 2)));
    // Every move the rules allow: Black's on board 1, White's on boards 2 and 3: 97 a
    // board, plus a knight jump over each seam from the board (1:m12-2:a13 for Black;
    // 2:b3-1:n2, 2:m3-3:a2 and 3:b3-2:n2 for White).
    let every = p.every_move();
    let on = |b: &str| {
        every
            .iter()
            .filter(|m| v.cell_name(m.from()).starts_with(b))
            .count()
    };
    assert_eq!((on("1:"), on("2:"), on("3:")), (98, 99, 98));
    assert!(every.iter().all(|&m| {
        let board = v.cell_name(m.from())[..1].parse().unwrap();
        p.mover(m) == seat(if board == 1 { 'b' } else { 'w' }, board)
    }));
    // The scheduled player (White's on board 2) moves on board 2, the scheduled board:
    // the boards go on evenly when one player at a time moves.
    let scheduled = p.legal_moves();
    assert_eq!(scheduled.len(), 99);
    assert!(scheduled.iter().all(|&m| p.mover(m) == seat('w', 2)));
    assert!(scheduled
        .iter()
        .all(|&m| v.cell_name(m.from()).starts_with("2:")));
    // White may not move again on board 1, whose turn is Black's...
    assert!(p.parse_long("1:e3-1:e4").is_err());
    // ...but Black may move there though board 2 is scheduled; then board 1 is White's
    // again and board 2 stays scheduled until a move is made after board 1.
    play(&mut p, "1:e11-1:e9");
    assert_eq!(
        (p.track_to_move(0), p.track_to_move(1)),
        (seat('w', 1), seat('w', 2))
    );
    assert_eq!(p.track_move_number(0), 2);
    assert_eq!(p.scheduled_track(), 1);
    // A position string keeps the tracks.
    let s = p.to_string();
    assert!(s.ends_with(" turns=A2,B1,C1 next=2"), "{s}");
    assert_eq!(Position::from_str(&v, &s).unwrap(), p);
    // Unmaking restores every track.
    p.unmake();
    p.unmake();
    assert_eq!(p, Position::start(&v));
}

#[test]
fn control_passes_to_the_next_boards_player() {
    let v = team(2);
    let kings = "K 1:h3, k 1:h12, K 2:h3, k 2:h12";
    let mut p = place(&v, &format!("{kings}, R 1:k6, N 2:b3"), 'w', "");
    // White's board-1 player moves the rook across the seam: it stops on 2:a6.
    let rook_owner = |p: &Position| p.piece_at(v.cell("2:a6").unwrap()).unwrap().owner;
    assert_eq!(
        p.piece_at(v.cell("1:k6").unwrap()).unwrap().owner,
        seat('w', 1)
    );
    play(&mut p, "1:k6-2:a6");
    assert_eq!(
        (p.track_to_move(0), p.track_to_move(1)),
        (seat('b', 1), seat('w', 2))
    );
    // On board 2, White is to move: the rook is now White's board-2 player's.
    assert_eq!(rook_owner(&p), seat('w', 2));
    let rook = moves_from(&mut p, "2:a6");
    assert!(rook.contains(&"2:a6-2:a10".to_owned()), "{rook:?}");
    for m in &rook {
        let m = p.parse_long(m).unwrap();
        assert_eq!(p.mover(m), seat('w', 2));
    }
    // Taking the move back gives the rook back to White's board-1 player.
    let again = p.to_string();
    p.unmake();
    assert_eq!(
        p.piece_at(v.cell("1:k6").unwrap()).unwrap().owner,
        seat('w', 1)
    );
    play(&mut p, "1:k6-2:a6");
    assert_eq!(p.to_string(), again);
    // White's board-2 player moves the knight instead: board 2 is Black's turn, and the
    // rook cannot move until Black has moved there...
    play(&mut p, "2:b3-2:c5");
    assert!(moves_from(&mut p, "2:a6").is_empty());
    // ...even when board 1, where it came from, is White's turn again.
    play(&mut p, "1:h12-1:h11");
    assert_eq!(p.track_to_move(0), seat('w', 1));
    assert!(moves_from(&mut p, "2:a6").is_empty());
    play(&mut p, "2:h12-2:h11");
    assert!(!moves_from(&mut p, "2:a6").is_empty());
}

#[test]
fn a_scheduled_player_without_a_move_waits() {
    let v = team(2);
    // White has no piece on board 1, where it is scheduled; Black is to move on
    // board 2.
    let p = place(&v, "k 1:h12, K 2:h3, k 2:h12", 'w', "");
    let mut p = with_turns(p, "w1,b1", 1);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(p.long(moves[0]), "pass");
    // The wait is not one of the rules' moves: those are Black's on board 2.
    let every = p.every_move();
    assert!(!every.is_empty() && every.iter().all(|&m| p.mover(m) == seat('b', 2)));
    let before = p.to_string();
    p.make(moves[0]);
    // The schedule moves on to board 2; no board's turn changes.
    assert_eq!((p.scheduled_track(), p.to_move()), (1, seat('b', 2)));
    assert_eq!(
        (p.track_to_move(0), p.track_to_move(1)),
        (seat('w', 1), seat('b', 2))
    );
    p.unmake();
    assert_eq!(p.to_string(), before);
}

#[test]
fn make_and_unmake_keep_the_hash_over_random_games() {
    let v = team(3);
    let mut p = Position::start(&v);
    let mut rng = chessgraph::search::RandomMover::new(11);
    let mut strings = vec![p.to_string()];
    for _ in 0..120 {
        let every = p.every_move();
        if every.is_empty() {
            break;
        }
        let m = every[rng.below(every.len())];
        p.make(m);
        assert_eq!(p.hash(), p.compute_hash(), "{p}");
        let s = p.to_string();
        assert_eq!(Position::from_str(&v, &s).unwrap().hash(), p.hash(), "{s}");
        strings.push(s);
    }
    while p.unmake().is_some() {
        strings.pop();
        assert_eq!(&p.to_string(), strings.last().unwrap());
    }
}

#[test]
fn the_computer_moves_for_the_scheduled_player() {
    let v = team(2);
    let mut p = Position::start(&v);
    let mut s = Searcher::new(&v, Limits::depth(1));
    for _ in 0..6 {
        let r = s.search(&mut p).expect("a move");
        assert_eq!(p.mover(r.best), p.to_move(), "{p}");
        p.make(r.best);
    }
}

#[test]
fn perft_counts_every_boards_moves() {
    let v = team(2);
    let mut p = Position::start(&v);
    play(&mut p, "1:e4-1:e6");
    // Black's on board 1 and White's on board 2: 97 each, and a knight jump over the
    // seam each (1:m12-2:a13, 2:b3-1:n2).
    assert_eq!(perft(&mut p, 1), 98 + 98);
}

#[test]
fn bad_track_fields_are_refused() {
    let v = team(2);
    let p = place(&v, "K 1:h3, k 1:h12, K 2:h3, k 2:h12", 'w', "");
    let base = p.to_string();
    let base = base.split(" turns=").next().unwrap();
    for (extra, says) in [
        ("turns=A1 next=1", "lists 2 turn tracks"),
        ("turns=A1,b0 next=1", "move number is 1 or more"),
        ("turns=A1,x1 next=1", ""),
        ("turns=A1,b1 next=3", "from 1 to 2"),
        ("turns=a1,B1 next=1", "track 1 has `a` to move"),
        // A player who does not play on the track.
        ("turns=A1,a1 next=1", "`a` does not take turns on track 2"),
    ] {
        let s = format!("{base} {extra}");
        let e = Position::from_str(&v, &s).expect_err(&s);
        assert!(e.to_string().contains(says), "{s}: {e}");
    }
}
