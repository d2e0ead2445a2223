//! The StrategiChess team boards (`variants/strategichess-team`, RULES.md section 5):
//! 2 to 5 generated 14x14 boards side by side, picked by the option `boards`; cells
//! `k:a3`, seams joining file n of board k to file a of board k+1, the roads and the
//! per-board zones, the setup on every board, the start counts, and the seams: slides
//! and their attacks stop on the first cell across, knights jump two files in, kings
//! never cross.

use crate::common::named;
use crate::strategichess::{moves_from, play, sorted};
use chessgraph::{perft, EndReason, Outcome, Position, Score, Variant};
use dsl::board::graph::ZoneCells;
use std::collections::HashSet;
use std::sync::Arc;

fn team(n: usize) -> Arc<Variant> {
    named("strategichess-team", &[("boards", &n.to_string())])
}

/// The cells of a board zone, by name.
fn zone(v: &Variant, name: &str) -> HashSet<String> {
    let b = v.board();
    let z = b.zones.iter().find(|z| z.name == name).expect(name);
    match &z.cells {
        ZoneCells::Global(cells) => cells
            .iter()
            .map(|&c| b.cells[c as usize].name.clone())
            .collect(),
        ZoneCells::PerSeat(_) => panic!("{name} is per seat"),
    }
}

/// The cell reached from `from` in direction `dir`, if any.
fn next(v: &Variant, from: &str, dir: &str) -> Option<String> {
    let b = v.board();
    let d = b.directions.iter().position(|d| d.name == dir).expect(dir) as u8;
    let from = b.cell(from).expect(from);
    b.edges
        .iter()
        .find(|e| e.from == from && e.dir == d)
        .map(|e| b.cells[e.to as usize].name.clone())
}

#[test]
fn the_option_picks_a_board_of_n_times_196_cells() {
    for n in 2..=5 {
        let v = team(n);
        assert_eq!(v.cell_count(), 196 * n, "{n} boards");
        assert_eq!(v.rows().len(), 14);
        assert!(v.rows().iter().all(|r| r.len() == 14 * n));
        assert_eq!(v.cell_name(v.rows()[0][0]), "1:a14");
        assert_eq!(
            v.cell_name(*v.rows()[13].last().unwrap()),
            format!("{n}:n1")
        );
        assert!(v.cell(&format!("{n}:n14")).is_some());
        assert!(v.cell(&format!("{}:a1", n + 1)).is_none());
        for k in 1..=n {
            let cells = zone(&v, &format!("board{k}"));
            assert_eq!(cells.len(), 196);
            assert!(cells.iter().all(|c| c.starts_with(&format!("{k}:"))));
        }
        assert_eq!(zone(&v, "road").len(), 6 * 14 * n);
    }
    // Out of range: a typed error, not a panic.
    let path = crate::common::root().join("variants/strategichess-team/strategichess-team.rules");
    for bad in ["1", "6"] {
        assert!(Variant::load(&path, &[("boards".to_owned(), bad.to_owned())]).is_err());
    }
}

#[test]
fn seams_join_file_n_to_the_next_boards_file_a() {
    let v = team(3);
    assert_eq!(next(&v, "1:n3", "e").as_deref(), Some("2:a3"));
    assert_eq!(next(&v, "2:a3", "w").as_deref(), Some("1:n3"));
    assert_eq!(next(&v, "1:n7", "ne").as_deref(), Some("2:a8"));
    assert_eq!(next(&v, "2:n7", "se").as_deref(), Some("3:a6"));
    assert_eq!(next(&v, "3:a6", "nw").as_deref(), Some("2:n7"));
    assert_eq!(next(&v, "1:a5", "w"), None);
    assert_eq!(next(&v, "3:n5", "e"), None);
    assert_eq!(next(&v, "3:n14", "ne"), None);
    // Colours: a1 dark on every board.
    let b = v.board();
    for k in 1..=3 {
        let c = &b.cells[v.cell(&format!("{k}:a1")).unwrap() as usize];
        assert_eq!(c.colour.as_deref(), Some("dark"));
    }
}

#[test]
fn every_board_is_set_up_like_the_single_board() {
    let single = named("strategichess", &[]);
    let start = Position::start(&single);
    for n in [2, 5] {
        let v = team(n);
        let p = Position::start(&v);
        for k in 1..=n {
            for cell in single.board().cells.iter() {
                let here = v.cell(&format!("{k}:{}", cell.name)).unwrap();
                let a = start.piece_at(single.cell(&cell.name).unwrap());
                let b = p.piece_at(here);
                // White's pieces on board k are white{k}'s, Black's black{k}'s.
                let single_owner = |x: chessgraph::Piece| {
                    format!("{}{k}", single.players()[x.owner as usize].name)
                };
                assert_eq!(
                    a.map(|x| (
                        single_owner(x),
                        single.piece_types()[x.piece_type as usize].letter
                    )),
                    b.map(|x| (
                        v.players()[x.owner as usize].name.clone(),
                        v.piece_types()[x.piece_type as usize].letter
                    )),
                    "{k}:{}",
                    cell.name
                );
            }
        }
    }
}

/// Depth 1: 97 moves per board (the single board's), and one knight move across each
/// seam each way (1:m3-2:a2 and 2:b3-1:n2); the rook on 1:n3 meets its own rook on 2:a3.
#[test]
fn start_counts_are_97_per_board_plus_two_knight_moves_per_seam() {
    for n in 2..=5 {
        let mut p = Position::start(&team(n));
        assert_eq!(
            perft(&mut p, 1),
            97 * n as u64 + 2 * (n as u64 - 1),
            "{n} boards"
        );
    }
    let mut p = Position::start(&team(3));
    assert_eq!(
        moves_from(&mut p, "1:m3"),
        sorted(&[
            "1:m3-1:k2",
            "1:m3-1:l1",
            "1:m3-1:l5",
            "1:m3-1:n1",
            "1:m3-1:n5",
            "1:m3-2:a2"
        ])
    );
    // Depth 2 counts every move the rules allow after each first move: Black's replies
    // on the board White moved on, and White's moves on the other boards (about
    // 295 x 295 and 196 x 196; regression figures).
    assert_eq!(perft(&mut p, 2), 87_045);
    assert_eq!(perft(&mut Position::start(&team(2)), 2), 38_426);
}

/// White kings on every board's h3, Black kings on h12 (3 boards).
const KINGS3: &str = "K 1:h3, k 1:h12, K 2:h3, k 2:h12, K 3:h3, k 3:h12";

#[test]
fn a_rook_and_a_bishop_stop_on_the_first_cell_across_a_seam() {
    let v = team(3);
    let mut p = place(&v, &format!("{KINGS3}, R 1:k6, B 2:l5"), 'w', "");
    let rook = moves_from(&mut p, "1:k6");
    assert!(rook.contains(&"1:k6-2:a6".to_owned()), "{rook:?}");
    assert!(!rook.iter().any(|m| m.ends_with("2:b6")), "{rook:?}");
    assert_eq!(
        rook.iter()
            .filter(|m| m.contains("6") && m[5..].starts_with("2:"))
            .count(),
        1
    );
    // The bishop crosses both ways from board 2: into 3:a8 and 3:a2 (stopping), and
    // back west over the whole board... only to the first cell of board 1 it reaches.
    let bishop = moves_from(&mut p, "2:l5");
    for stop in ["2:l5-3:a8", "2:l5-3:a2"] {
        assert!(bishop.contains(&stop.to_owned()), "{stop} in {bishop:?}");
    }
    for beyond in ["2:l5-3:b9", "2:l5-3:b1"] {
        assert!(
            !bishop.contains(&beyond.to_owned()),
            "{beyond} in {bishop:?}"
        );
    }
    // A rook standing on the seam cell moves one cell across and no more.
    let mut p = place(&v, &format!("{KINGS3}, R 2:a6"), 'w', "");
    let rook = moves_from(&mut p, "2:a6");
    assert!(rook.contains(&"2:a6-1:n6".to_owned()), "{rook:?}");
    assert!(!rook.contains(&"2:a6-1:m6".to_owned()), "{rook:?}");
}

#[test]
fn a_knight_jumps_across_the_seam_up_to_two_files_in() {
    let v = team(2);
    let mut p = place(&v, "K 1:h3, k 1:h12, K 2:h3, k 2:h12, N 1:n6", 'w', "");
    assert_eq!(
        moves_from(&mut p, "1:n6"),
        sorted(&[
            "1:n6-1:m8",
            "1:n6-1:m4",
            "1:n6-1:l7",
            "1:n6-1:l5", // on its own board
            "1:n6-2:a8",
            "1:n6-2:a4",
            "1:n6-2:b7",
            "1:n6-2:b5", // one and two files in
        ])
    );
}

#[test]
fn a_king_is_refused_at_the_seam() {
    let v = team(2);
    let mut p = place(&v, "K 1:n5, k 1:h12, K 2:a9, k 2:h12", 'w', "");
    assert_eq!(
        moves_from(&mut p, "1:n5"),
        sorted(&[
            "1:n5-1:m4",
            "1:n5-1:m5",
            "1:n5-1:m6",
            "1:n5-1:n4",
            "1:n5-1:n6"
        ])
    );
    assert_eq!(
        moves_from(&mut p, "2:a9"),
        sorted(&[
            "2:a9-2:a8",
            "2:a9-2:a10",
            "2:a9-2:b8",
            "2:a9-2:b9",
            "2:a9-2:b10"
        ])
    );
}

#[test]
fn check_crosses_a_seam_one_cell_only() {
    let v = team(2);
    let in_check = |pieces: &str| {
        let p = place(&v, &format!("k 1:h12, k 2:h12, {pieces}"), 'w', "");
        p.in_check()
    };
    // A Black rook on 2:a5 checks a White king on 1:n5, the first cell across...
    assert!(in_check("K 1:n5, K 2:h3, r 2:a5"));
    // ...not on 1:m5: its move would stop on 1:n5.
    assert!(!in_check("K 1:m5, K 2:h3, r 2:a5"));
    // The other way: a rook on 1:m5 reaches 2:a5 over the empty 1:n5, and checks.
    assert!(in_check("K 2:a5, K 1:h3, r 1:m5"));
    assert!(!in_check("K 2:a5, K 1:h3, r 1:m5, p 1:n5"));
    assert!(!in_check("K 2:b5, K 1:h3, r 1:m5"));
    // A bishop on 2:b6 checks diagonally onto 1:n4, not onto 1:m3.
    assert!(in_check("K 1:n4, K 2:h3, b 2:b6"));
    assert!(!in_check("K 1:m3, K 2:h3, b 2:b6"));
    // A knight checks two files in.
    assert!(in_check("K 2:b4, K 1:h3, n 1:n5"));
    // A White piece between the last king on 2:a5 and the rook on 1:m5 is pinned.
    let mut p = place(&v, "k 1:h12, k 2:h12, K 2:a5, r 1:m5, N 1:n5", 'w', "");
    assert!(!p.in_check());
    assert!(moves_from(&mut p, "1:n5").is_empty());
    // With a second king the check rule is off: the knight may go.
    let mut p = place(
        &v,
        "k 1:h12, k 2:h12, K 2:a5, K 1:h3, r 1:m5, N 1:n5",
        'w',
        "",
    );
    assert_eq!(moves_from(&mut p, "1:n5").len(), 8);
}

#[test]
fn kings_are_captured_and_the_last_one_is_under_the_check_rule() {
    let v = team(2);
    // White has two kings, the one on 1:h3 left attacked by the rook on 1:h5: Black
    // takes it and the game goes on.
    let mut p = place(
        &v,
        "K 1:h3, K 2:h3, k 1:h12, k 2:h12, r 1:h5, R 2:a1",
        'b',
        "",
    );
    play(&mut p, "1:h5-1:h3");
    assert_eq!(p.outcome(), Outcome::Ongoing);
    // White's last king, on 2:h3, is under the check rule now.
    let mut q = place(&v, "K 2:h3, k 1:h12, k 2:h12, r 2:g8, r 2:a4", 'w', "");
    let moves = moves_from(&mut q, "2:h3");
    assert_eq!(moves, sorted(&["2:h3-2:h2", "2:h3-2:i2", "2:h3-2:i3"]));
    // With two kings a king may step onto an attacked cell.
    let mut q = place(
        &v,
        "K 2:h3, K 1:c3, k 1:h12, k 2:h12, r 2:g8, r 2:a4",
        'w',
        "",
    );
    assert_eq!(moves_from(&mut q, "2:h3").len(), 8);
}

#[test]
fn mating_the_last_king_wins_and_capturing_it_loses() {
    let v = team(2);
    // The last White king on 2:n1 (the board's corner); a Black rook on 2:b2 holds
    // rank 2, the other gives check along rank 1.
    let mut p = place(&v, "K 2:n1, k 1:h12, k 2:h12, r 2:b2, r 2:a3", 'b', "");
    play(&mut p, "2:a3-2:a1");
    match p.outcome() {
        Outcome::Finished { reason, scores } => {
            assert_eq!(reason, EndReason::Checkmate);
            assert_eq!(
                scores,
                vec![Score::Loss, Score::Win, Score::Loss, Score::Win]
            );
        }
        Outcome::Ongoing => panic!("{p}: the last king is mated"),
    }
    // Two White kings left attacked (no check rule with two): Black takes one on
    // board 1; the other, on 2:h3, is now the last and in check. Board 1 has White
    // to move now, board 2 still Black: no White move on board 1 saves the king, so
    // White is mated at once, though the schedule names Black's board-2 player.
    let two_kings = "K 1:h3, K 2:h3, k 1:h12, k 2:h12, r 1:h5, r 2:h5, R 1:a1";
    let mut p = place(&v, two_kings, 'b', "");
    play(&mut p, "1:h5-1:h3");
    assert_eq!(
        (p.track_to_move(0), p.track_to_move(1), p.to_move()),
        (seat('w', 1), seat('b', 2), seat('b', 2))
    );
    match p.outcome() {
        Outcome::Finished { reason, scores } => {
            assert_eq!(reason, EndReason::Checkmate, "{p}");
            assert_eq!(
                scores,
                vec![Score::Loss, Score::Win, Score::Loss, Score::Win]
            );
        }
        Outcome::Ongoing => panic!("{p}: White's last king cannot be saved"),
    }
    // Same, but White is to move on board 2: the king steps out of check, and only
    // moves out of check are legal (the rook on board 1 may not move).
    let mut p = with_turns(place(&v, two_kings, 'b', ""), "b1,w1", 1);
    play(&mut p, "1:h5-1:h3");
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert!(moves_from(&mut p, "1:a1").is_empty());
    assert_eq!(
        moves_from(&mut p, "2:h3"),
        sorted(&[
            "2:h3-2:g2",
            "2:h3-2:g3",
            "2:h3-2:g4",
            "2:h3-2:i2",
            "2:h3-2:i3",
            "2:h3-2:i4"
        ])
    );
    // (Taking a team's last king, possible only when it was left attacked, ends the
    // game: `end last royal captured: lose`, tested in `position::make`.)
}

#[test]
fn a_pawn_on_a_road_steps_sideways_across_the_seam() {
    let v = team(2);
    let mut p = place(&v, "K 1:h3, k 1:h12, K 2:h3, k 2:h12, P 2:a7", 'w', "");
    assert_eq!(
        moves_from(&mut p, "2:a7"),
        sorted(&["2:a7-1:n7", "2:a7-2:a6", "2:a7-2:a8", "2:a7-2:b7"])
    );
}

#[test]
fn move_limit_gives_the_game_to_the_team_with_more_kings() {
    let v = named(
        "strategichess-team",
        &[("boards", "2"), ("move_limit", "2")],
    );
    // Black has lost a king; White has both. The limit counts every board: board 1
    // reaching move 3 is not enough while board 2 is at move 2.
    let mut p = place(&v, "K 1:h3, K 2:h3, k 2:h12, r 1:a14", 'w', "");
    for m in ["1:h3-1:h2", "1:a14-1:a13", "2:h3-2:h2", "2:h12-2:h11"] {
        play(&mut p, m);
    }
    for m in ["1:h2-1:h3", "1:a13-1:a14"] {
        play(&mut p, m);
    }
    assert_eq!((p.track_move_number(0), p.track_move_number(1)), (3, 2));
    assert_eq!(p.outcome(), Outcome::Ongoing);
    for m in ["2:h2-2:h3", "2:h11-2:h12"] {
        play(&mut p, m);
    }
    match p.outcome() {
        Outcome::Finished { reason, scores } => {
            assert_eq!(reason, EndReason::MoveLimit);
            assert_eq!(
                scores,
                vec![Score::Win, Score::Loss, Score::Win, Score::Loss]
            );
        }
        Outcome::Ongoing => panic!("{p}: the limit is reached"),
    }
    // Equal kings: a draw.
    let mut p = place(&v, "K 1:h3, k 2:h12, r 1:a14, R 2:a1", 'w', "");
    for m in [
        "1:h3-1:h2",
        "1:a14-1:a13",
        "2:a1-2:a2",
        "2:h12-2:h11",
        "1:h2-1:h3",
        "1:a13-1:a14",
        "2:a2-2:a1",
        "2:h11-2:h12",
    ] {
        play(&mut p, m);
    }
    match p.outcome() {
        Outcome::Finished { reason, scores } => {
            assert_eq!(reason, EndReason::MoveLimit);
            assert_eq!(scores, vec![Score::Draw; 4]);
        }
        Outcome::Ongoing => panic!("{p}: the limit is reached"),
    }
    // Without the option (0) the game goes on.
    let v = team(2);
    let mut p = place(&v, "K 1:h3, K 2:h3, k 2:h12, r 1:a14", 'w', "");
    for m in [
        "1:h3-1:h2",
        "1:a14-1:a13",
        "2:h3-2:h2",
        "2:h12-2:h11",
        "1:h2-1:h3",
        "1:a13-1:a14",
        "2:h2-2:h3",
        "2:h11-2:h12",
    ] {
        play(&mut p, m);
    }
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

/// The tag of the player of colour `colour` (`w` or `b`) on board `k` (from 1): `A`..`E`
/// for White's players, `a`..`e` for Black's.
pub fn tag(colour: char, k: usize) -> char {
    let base = if colour == 'w' { b'A' } else { b'a' };
    (base + k as u8 - 1) as char
}

/// The player index of colour `colour` on board `k` (from 1): players are declared
/// `white1 black1 white2 black2 ...`.
pub fn seat(colour: char, k: usize) -> u8 {
    (2 * (k - 1) + usize::from(colour == 'b')) as u8
}

/// A team-game position from pieces written in FEN case (`K 1:h3` is White's, `k 2:h12`
/// Black's; each piece belongs to its colour's player of the board it stands on) and
/// the colour to move on every board (`w` or `b`), board 1 scheduled.
pub fn place(v: &Arc<Variant>, pieces: &str, colour: char, unmoved: &str) -> Position {
    let team: Vec<String> = pieces
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            let (piece, cell) = item.split_once(' ').expect("PIECE CELL");
            let k: usize = cell.split(':').next().unwrap().parse().expect("k:cell");
            let upper = piece.chars().all(|c| c.is_ascii_uppercase());
            let colour = if upper { 'w' } else { 'b' };
            format!("{}{} {cell}", tag(colour, k), piece.to_uppercase())
        })
        .collect();
    crate::common::place(v, &team.join(", "), tag(colour, 1), unmoved)
}

/// `p` with every board's colour to move and move number set (`w1,b2,...`: the
/// colour's player of that board) and the scheduled board (from 1).
pub fn with_turns(p: Position, turns: &str, next: usize) -> Position {
    let text = p.to_string();
    let base = text.split(" turns=").next().unwrap();
    let mut fields: Vec<&str> = base.split(' ').collect();
    let tracks: Vec<String> = turns
        .split(',')
        .enumerate()
        .map(|(t, e)| format!("{}{}", tag(e.chars().next().unwrap(), t + 1), &e[1..]))
        .collect();
    let scheduled = tracks[next - 1][..1].to_owned();
    fields[1] = &scheduled;
    let s = format!(
        "{} turns={} next={next}",
        fields.join(" "),
        tracks.join(",")
    );
    Position::from_str(p.variant(), &s).unwrap_or_else(|e| panic!("{s}: {e}"))
}
