//! Visibility (`see own|reach`): what a player's view holds, and a computer player that
//! decides from its view alone. Fog of war (`variants/fogofwar`, `see reach`).

use crate::common::named;
use chessgraph::search::{Limits, Searcher};
use chessgraph::{Cell, Position};

fn names(p: &Position, cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    let v = p.variant();
    let mut out: Vec<String> = cells
        .into_iter()
        .map(|c| v.cell_name(c).to_owned())
        .collect();
    out.sort();
    out
}

#[test]
fn a_fog_of_war_view_holds_exactly_the_cells_the_pieces_reach() {
    let v = named("fogofwar", &[]);
    let p = Position::start(&v);
    // At the start white sees his two ranks and the two in front (pawn steps and
    // knight moves), nothing more.
    let seen = p.view(0).visible_cells().expect("fog of war hides cells");
    let mut expected: Vec<String> = (1..=4)
        .flat_map(|r| "abcdefgh".chars().map(move |f| format!("{f}{r}")))
        .collect();
    expected.sort();
    assert_eq!(names(&p, seen.iter()), expected);
    assert_eq!(p.view(0).fog().len(), 32, "the other half is fog");
    let drawn = chessgraph::draw::text_view(&p.view(0).seen_position(), &[], &p.view(0).fog());
    assert_eq!(drawn.matches('?').count(), 32, "{drawn}");
    assert_eq!(drawn.matches('p').count(), 0, "{drawn}");
    // White's view string holds white's pieces only; black's sees his own.
    assert_eq!(
        p.view(0).view_string(),
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w a1,e1,h1 - 0 1"
    );
    assert_eq!(
        p.view(1).view_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/8/8 w a8,e8,h8 - 0 1"
    );
    // A rook's file up to the first piece, the piece it could take included; a pawn
    // sees the cell ahead and an enemy piece it could take, not an empty diagonal.
    let p = Position::from_str(&v, "4k3/8/3n4/8/8/4p3/3P4/R3K3 w - - 0 1").unwrap();
    let seen = names(&p, p.view(0).visible_cells().unwrap().iter());
    let expected = [
        "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "d2", "d3", "d4", "e1",
        "e2", "e3", "f1", "f2",
    ];
    assert_eq!(seen, expected);
    // The knight d6 and the king e8 are hidden; the pawn e3 (d2 could take it) shows.
    assert_eq!(p.view(0).view_string(), "8/8/8/8/8/4p3/3P4/R3K3 w - - 0 1");
}

/// The computer's choice (fixed depth, fresh searcher) in the referee position `p`.
fn computer_choice(p: &mut Position) -> String {
    let mut s = Searcher::new(p.variant(), Limits::depth(3));
    let m = s.choose(p).expect("a move");
    assert!(p.legal_moves().contains(&m), "{p}");
    p.long(m)
}

#[test]
fn the_fog_of_war_computer_ignores_pieces_it_cannot_see() {
    let v = named("fogofwar", &[]);
    // Black's queen stands on d8 or on d6: white sees neither (his pieces reach ranks
    // 1 to 4). The same white move must come out of both.
    let a_text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a1,e1,h1,a8,e8,h8 - 0 1";
    let b_text = "rnb1kbnr/pppppppp/3q4/8/8/8/PPPPPPPP/RNBQKBNR w a1,e1,h1,a8,e8,h8 - 0 1";
    let mut a = Position::from_str(&v, a_text).unwrap();
    let mut b = Position::from_str(&v, b_text).unwrap();
    assert_eq!(a.view(0).view_string(), b.view(0).view_string());
    assert_eq!(computer_choice(&mut a), computer_choice(&mut b));
    // After 1. e4 Nc6, a black knight on g8 or on f6 (both out of white's sight)
    // changes nothing either.
    let v2 = v.clone();
    let play = |p: &mut Position, moves: &[&str]| {
        for m in moves {
            let mv = p.parse_long(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            p.make(mv);
        }
    };
    let mut c = Position::start(&v2);
    let mut d = Position::from_str(
        &v2,
        "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w a1,e1,h1,a8,e8,h8 - 0 1",
    )
    .unwrap();
    play(&mut c, &["e2e4", "b8c6"]);
    play(&mut d, &["e2e4", "b8c6"]);
    assert_eq!(c.view(0).view_string(), d.view(0).view_string());
    assert_eq!(computer_choice(&mut c), computer_choice(&mut d));
}

#[test]
fn a_kriegspiel_illegal_attempt_is_announced_and_the_same_player_moves_again() {
    let v = named("kriegspiel", &[]);
    // White's rook a1 cannot see black's knight a4: Ra1-a8 is a move he may try.
    let mut p = Position::from_str(&v, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(p.view(0).view_string(), "8/8/8/8/8/8/8/R3K3 w - - 0 1");
    let try_a8 = p.parse_long("a1a8");
    assert!(
        try_a8.is_err(),
        "a1a8 is not legal in the referee's position"
    );
    let possible: Vec<String> = p.possible_moves().iter().map(|&m| p.long(m)).collect();
    assert!(possible.contains(&"a1a8".to_owned()), "{possible:?}");
    let a8 = *p
        .possible_moves()
        .iter()
        .find(|&&m| p.long(m) == "a1a8")
        .unwrap();
    let before = p.to_string();
    assert!(!p.attempt(a8));
    // Announced to both, no turn passed, the position unchanged, the try remembered.
    assert_eq!(p.to_string(), before);
    let heard: Vec<String> = p.view(1).announcements().map(|a| a.text(&v)).collect();
    assert_eq!(heard, ["illegal, try another move"]);
    assert_eq!(p.view(0).announcements().count(), 1);
    assert!(!p.possible_moves().iter().any(|&m| p.long(m) == "a1a8"));
    // A legal attempt is played: Rxa4, announced as a capture on a4.
    let a4 = *p
        .possible_moves()
        .iter()
        .find(|&&m| p.long(m) == "a1a4")
        .unwrap();
    assert!(p.attempt(a4));
    // What was heard in that turn: the refused try, then the capture.
    let heard: Vec<String> = p
        .view(1)
        .last_announcements()
        .iter()
        .map(|a| a.text(&v))
        .collect();
    assert_eq!(heard, ["illegal, try another move", "a capture on a4"]);
    // Taking the move back drops its announcement and keeps the attempt of that turn.
    p.unmake();
    assert_eq!(p.to_string(), before);
    let heard: Vec<String> = p.view(0).announcements().map(|a| a.text(&v)).collect();
    assert_eq!(heard, ["illegal, try another move"]);
}

#[test]
fn kriegspiel_announces_checks_and_the_line_they_come_along() {
    let v = named("kriegspiel", &[]);
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1").unwrap();
    let mv = p.parse_long("a1a8").unwrap();
    p.make(mv);
    let heard: Vec<String> = p
        .view(0)
        .last_announcements()
        .iter()
        .map(|a| a.text(&v))
        .collect();
    assert_eq!(heard, ["black is in check along the w-e line"]);
    let mut q = Position::from_str(&v, "4k3/8/8/8/6N1/8/P7/4K3 w - - 0 1").unwrap();
    let mv = q.parse_long("g4f6").unwrap();
    q.make(mv);
    let heard: Vec<String> = q
        .view(1)
        .last_announcements()
        .iter()
        .map(|a| a.text(&v))
        .collect();
    assert_eq!(heard, ["black is in check by a leap"]);
    // Black sees his king only.
    assert_eq!(q.view(1).view_string(), "4k3/8/8/8/8/8/8/8 b - - 1 1");
}

#[test]
fn the_kriegspiel_computer_tries_until_the_referee_accepts() {
    let v = named("kriegspiel", &[]);
    // White's best try on his view is blocked by the hidden knight; whatever it tries,
    // it ends with a legal move, and every refused try was announced.
    let mut p = Position::from_str(&v, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1").unwrap();
    let mut s = Searcher::new(&v, Limits::depth(2));
    let m = s.choose(&mut p).expect("a move");
    assert!(p.legal_moves().contains(&m), "{}", p.long(m));
    for a in p.announcements() {
        assert_eq!(a.text(&v), "illegal, try another move");
    }
}

#[test]
fn the_kriegspiel_computer_ignores_where_a_hidden_piece_stands() {
    let v = named("kriegspiel", &[]);
    // Black's knight on h5 or on h6, both out of every white line: the same choice.
    let mut a = Position::from_str(&v, "4k3/8/8/7n/8/8/PPP5/R3K3 w - - 0 1").unwrap();
    let mut b = Position::from_str(&v, "4k3/8/7n/8/8/8/PPP5/R3K3 w - - 0 1").unwrap();
    assert_eq!(a.view(0).view_string(), b.view(0).view_string());
    assert_eq!(computer_choice(&mut a), computer_choice(&mut b));
}
