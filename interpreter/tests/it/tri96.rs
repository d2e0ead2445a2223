//! The 96-cell three-player board of RULES.md section 2, generated here from its
//! description (local frames, frontier flips, composite diagonals that fork at the
//! centre), with Zubrin's rules. Its published perft counts check forks, frame flips,
//! per-seat zones and three players end to end: 20, 400, 8000, 178080.

use crate::common::variant;
use chessgraph::{perft, Position};

/// Territories in counter-clockwise order: south (white), north-east (red),
/// north-west (black).
const SEATS: [&str; 3] = ["white", "red", "black"];

/// The global name of local cell (file 0..8, rank 1..4) of territory `t`.
fn name(t: usize, file: usize, rank: usize) -> String {
    match t {
        0 => format!("{}{}", b"abcdefgh"[file] as char, rank),
        1 => format!("{}{}", b"hgfeijkl"[file] as char, 13 - rank),
        _ => format!("{}{}", b"lkjidcba"[file] as char, 9 - rank),
    }
}

fn board() -> String {
    let mut y = String::from(
        "name: tri96\nseats: [white, red, black]\ndirections:\n  f: { opposite: b }\n  b: { opposite: f }\n\
         \x20 l: { opposite: r }\n  r: { opposite: l }\n  fl: { opposite: br }\n  br: { opposite: fl }\n\
         \x20 fr: { opposite: bl }\n  bl: { opposite: fr }\n\
         remaps:\n  flip: { f: b, b: f, l: r, r: l, fl: br, br: fl, fr: bl, bl: fr }\n\
         composite:\n  fl: [[f, l], [l, f]]\n  fr: [[f, r], [r, f]]\n  bl: [[b, l], [l, b]]\n  br: [[b, r], [r, b]]\n\
         cells:\n",
    );
    for t in 0..3 {
        for rank in 1..=4 {
            for file in 0..8 {
                let mut links = Vec::new();
                if rank < 4 {
                    links.push(format!("f: '{}'", name(t, file, rank + 1)));
                } else {
                    // e4..h4 touch the next territory's d4..a4, a4..d4 the previous one's h4..e4.
                    let other = if file >= 4 { (t + 1) % 3 } else { (t + 2) % 3 };
                    links.push(format!(
                        "f: {{ to: '{}', remap: flip }}",
                        name(other, 7 - file, 4)
                    ));
                }
                if rank > 1 {
                    links.push(format!("b: '{}'", name(t, file, rank - 1)));
                }
                if file > 0 {
                    links.push(format!("l: '{}'", name(t, file - 1, rank)));
                }
                if file < 7 {
                    links.push(format!("r: '{}'", name(t, file + 1, rank)));
                }
                y += &format!(
                    "  - {{ name: '{}', at: [{}, {}], links: {{ {} }} }}\n",
                    name(t, file, rank),
                    t * 10 + file,
                    rank,
                    links.join(", ")
                );
            }
        }
    }
    y += "rows:\n";
    for rank in (1..=12).rev() {
        let files = match rank {
            9..=12 => "hgfeijkl",
            5..=8 => "abcdijkl",
            _ => "abcdefgh",
        };
        let row: Vec<String> = files.chars().map(|f| format!("'{f}{rank}'")).collect();
        y += &format!("  - [{}]\n", row.join(", "));
    }
    y += "zones:\n";
    for (zone, ranks) in [
        ("home", &[1, 2, 3, 4][..]),
        ("start", &[2][..]),
        ("base", &[1][..]),
    ] {
        y += &format!("  {zone}:\n");
        for (t, seat) in SEATS.iter().enumerate() {
            let cells: Vec<String> = ranks
                .iter()
                .flat_map(|&r| (0..8).map(move |f| format!("'{}'", name(t, f, r))))
                .collect();
            y += &format!("    {seat}: [{}]\n", cells.join(", "));
        }
    }
    y
}

fn rules() -> String {
    let mut r = String::from(
        r#"game "Zubrin's three-player chess"
board "tri96.yaml"
player white tag w
player red tag r
player black tag b
dirs orthogonal = f b l r
dirs diagonal = fl fr bl br
dirs all = orthogonal diagonal
dirs forward = f in home, b
dirs takes = fl fr in home, bl br
piece king K royal {
  step all
}
piece queen Q value 9 {
  slide all
}
piece rook R value 5 {
  slide orthogonal
}
piece bishop B value 3 {
  slide diagonal
}
piece knight N value 3 {
  leap f.f.l f.f.r f.l.l f.r.r b.b.l b.b.r b.l.l b.r.r l.l.f l.l.b l.f.f l.b.b r.r.f r.r.b r.f.f r.b.b
}
piece pawn P value 1 pawn {
  step forward to empty
  slide forward exactly 2 to empty from start creates en passant
  step takes to enemy
  step takes en passant
  promote into base.others to queen rook bishop knight
}
check when players <= 2
end royal captured: eliminate
end checkmate: eliminate
end stalemate: draw
end no moves: pass
end last player: win
"#,
    );
    for (t, seat) in SEATS.iter().enumerate() {
        let n = |f: usize, rank: usize| name(t, f, rank);
        r += &format!(
            "castle \"O-O\" for {seat}: king {} to {}, rook {} to {}\n",
            n(4, 1),
            n(6, 1),
            n(7, 1),
            n(5, 1)
        );
        r += &format!(
            "castle \"O-O-O\" for {seat}: king {} to {}, rook {} to {}\n",
            n(4, 1),
            n(2, 1),
            n(0, 1),
            n(3, 1)
        );
        let pawns: Vec<String> = (0..8).map(|f| n(f, 2)).collect();
        r += &format!(
            "setup {seat}: R {} {}, N {} {}, B {} {}, Q {}, K {}, P {}\n",
            n(0, 1),
            n(7, 1),
            n(1, 1),
            n(6, 1),
            n(2, 1),
            n(5, 1),
            n(3, 1),
            n(4, 1),
            pawns.join(" ")
        );
    }
    r
}

#[test]
fn zubrin_perft_from_the_start() {
    let board = board();
    let v = variant(&rules(), &[("tri96.yaml", &board)]);
    assert_eq!(v.cell_count(), 96);
    let mut p = Position::start(&v);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut p, d)).collect();
    assert_eq!(counts, [20, 400, 8000, 178_080]);
    let s = p.to_string();
    assert_eq!(Position::from_str(&v, &s).unwrap().to_string(), s);
}

#[test]
fn centre_diagonals_fork() {
    let board = board();
    let v = variant(&rules(), &[("tri96.yaml", &board)]);
    // A lone white bishop on c3: its fl/fr diagonal through d4 continues both ways.
    let mut p = Position::from_str(&v, "8/8/8/8/8/8/8/8/8/2wB5/8/4wK3 w - - 0 1").unwrap();
    let mut targets: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| v.cell_name(m.from()) == "c3")
        .map(|&m| v.cell_name(m.to()).to_owned())
        .collect();
    targets.sort();
    for t in ["d4", "e9", "f10", "g11", "h12", "i5", "j6", "k7", "l8"] {
        assert!(
            targets.contains(&t.to_owned()),
            "{t} missing from {targets:?}"
        );
    }
    assert!(!targets.contains(&"i9".to_owned()) && !targets.contains(&"d5".to_owned()));
}

#[test]
fn three_player_games_make_and_unmake() {
    let board = board();
    let v = variant(&rules(), &[("tri96.yaml", &board)]);
    let mut plies = 0;
    for seed in 0..12 {
        plies += crate::games::random_game(&v, "", seed, 400);
    }
    assert!(plies > 2000);
}
