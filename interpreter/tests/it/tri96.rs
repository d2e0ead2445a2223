//! The 96-cell three-player board (`variants/boards/three-player-96.yaml`) under
//! Zubrin's rules and Chess for 3: start positions, the centre fork, knight symmetry
//! and random three-player games. Perft counts are in `tests/perft/*.perft`.

use crate::common::named;
use chessgraph::{perft, Position};

#[test]
fn start_positions_read_back_and_count() {
    for name in ["zubrin", "chess-for-3"] {
        let v = named(name, &[]);
        assert_eq!(v.cell_count(), 96);
        let mut p = Position::start(&v);
        let s = p.to_string();
        assert_eq!(Position::from_str(&v, &s).unwrap(), p);
        assert_eq!(perft(&mut p, 2), 400, "{name}");
    }
}

/// Targets of the moves of the piece on `from` (alone with the kings).
fn targets(name: &str, position: &str, from: &str) -> Vec<String> {
    let v = named(name, &[]);
    let mut p = Position::from_str(&v, position).unwrap();
    let from = v.cell(from).unwrap();
    let mut t: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| v.cell_name(m.to()).to_owned())
        .collect();
    t.sort();
    t
}

#[test]
fn centre_diagonals_fork() {
    // A white bishop on c3: its diagonal through d4 goes on as e9-f10-g11-h12 and as
    // i5-j6-k7-l8, never to the opposite cells i9 or d5.
    let pos = "8/8/8/8/8/8/8/8/8/2wB5/8/7wK w - - 0 1";
    let t = targets("zubrin", pos, "c3");
    for c in [
        "d4", "e9", "f10", "g11", "h12", "i5", "j6", "k7", "l8", "b2", "a1", "b4", "a5",
    ] {
        assert!(t.contains(&c.to_owned()), "{c} missing from {t:?}");
    }
    assert!(!t.contains(&"i9".to_owned()) && !t.contains(&"d5".to_owned()));
    // A king on a centre cell has 9 neighbours.
    let pos = "8/8/8/8/8/8/8/8/3wK4/8/8/8 w - - 0 1";
    let t = targets("zubrin", pos, "d4");
    assert_eq!(
        t,
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e9", "i5"],
        "d4's king steps: not to the opposite centre cell i9"
    );
}

#[test]
fn knight_moves_are_symmetric() {
    // From every cell, a lone knight (no kings: Zubrin's rules need none) reaches
    // cells that reach it back.
    let v = named("zubrin", &[]);
    let reach = |from: chessgraph::Cell| -> Vec<chessgraph::Cell> {
        let rows: Vec<String> = v
            .rows()
            .iter()
            .map(|row| match row.iter().position(|&c| c == from) {
                Some(i) => {
                    let before = if i > 0 { i.to_string() } else { String::new() };
                    let after = if i < 7 {
                        (7 - i).to_string()
                    } else {
                        String::new()
                    };
                    format!("{before}wN{after}")
                }
                None => "8".to_owned(),
            })
            .collect();
        let mut p = Position::from_str(&v, &format!("{} w - - 0 1", rows.join("/"))).unwrap();
        p.legal_moves().iter().map(|m| m.to()).collect()
    };
    let all: Vec<Vec<chessgraph::Cell>> = (0..96).map(reach).collect();
    for (a, targets) in all.iter().enumerate() {
        assert!(!targets.is_empty());
        for &b in targets {
            assert!(
                all[b as usize].contains(&(a as chessgraph::Cell)),
                "{} -> {} but not back",
                v.cell_name(a as chessgraph::Cell),
                v.cell_name(b)
            );
        }
    }
}

#[test]
fn three_player_games_make_and_unmake() {
    let mut plies = 0;
    for (name, options) in [
        ("zubrin", &[][..]),
        ("zubrin", &[("inherit", "true")][..]),
        ("chess-for-3", &[][..]),
    ] {
        let v = named(name, options);
        for seed in 0..6 {
            plies += crate::games::random_game(&v, "", seed, 300);
        }
    }
    assert!(plies > 2000);
}
