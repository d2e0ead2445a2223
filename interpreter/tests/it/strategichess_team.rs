//! The StrategiChess team boards (`variants/strategichess-team`, RULES.md section 5):
//! 2 to 5 generated 14x14 boards side by side, picked by the option `boards`; cells
//! `k:a3`, seams joining file n of board k to file a of board k+1, the roads and the
//! per-board zones, the setup on every board, and the start counts (pieces cross the
//! seams as on any edge until the team clauses exist).

use crate::common::named;
use crate::strategichess::{moves_from, place, sorted};
use chessgraph::{perft, Position, Variant};
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
                assert_eq!(
                    a.map(|x| (x.owner, single.piece_types()[x.piece_type as usize].letter)),
                    b.map(|x| (x.owner, v.piece_types()[x.piece_type as usize].letter)),
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
        sorted(&["1:m31:k2", "1:m31:l1", "1:m31:l5", "1:m31:n1", "1:m31:n5", "1:m32:a2"])
    );
    assert_eq!(perft(&mut p, 2), 87_007);
    assert_eq!(perft(&mut Position::start(&team(2)), 2), 38_407);
}

#[test]
fn pieces_on_a_seam_move_into_the_next_board() {
    // Provisional: until the seam clause exists, a rook slides on across the seam.
    let v = team(2);
    let mut p = place(&v, "K 1:h3, k 1:h12, K 2:h3, k 2:h12, R 1:m6", 'w', "");
    let rook = moves_from(&mut p, "1:m6");
    assert!(rook.contains(&"1:m62:a6".to_owned()), "{rook:?}");
    // A pawn on a road steps sideways across the seam.
    let mut p = place(&v, "K 1:h3, k 1:h12, K 2:h3, k 2:h12, P 2:a7", 'w', "");
    assert_eq!(
        moves_from(&mut p, "2:a7"),
        sorted(&["2:a71:n7", "2:a72:a6", "2:a72:a8", "2:a72:b7"])
    );
}
