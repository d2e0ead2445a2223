//! Tests of whole boards: the chess board, a model of the three-player centre, the
//! Dreierschach hex board, and problems that need several phases to show.

use super::graph::{BoardGraph, CellId, DirId, Edge, ZoneCells};
use super::{describe, load_board};
use crate::diagnostic::Diagnostics;
use crate::source::SourceFile;

const CHESS: &str = include_str!("../../../variants/chess/board.yaml");
const TRI: &str = include_str!("../../tests/fixtures/boards/ok_tri_centre.yaml");
const DREI: &str = include_str!("../../tests/fixtures/boards/ok_dreierschach.yaml");

fn load(name: &str, text: &str) -> (BoardGraph, Diagnostics) {
    match load_board(&SourceFile::new(name, text)) {
        Ok(x) => x,
        Err(e) => panic!(
            "{name} failed: {:#?}",
            e.0.iter()
                .map(|d| (d.location(), &d.message))
                .collect::<Vec<_>>()
        ),
    }
}

fn errors(text: &str) -> Vec<(String, &'static str, String)> {
    let e = load_board(&SourceFile::new("t.yaml", text)).expect_err("should fail");
    e.0.iter()
        .filter(|d| d.is_error())
        .map(|d| (d.location().unwrap_or_default(), d.code, d.message.clone()))
        .collect()
}

fn cell(b: &BoardGraph, name: &str) -> CellId {
    b.cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

fn dir(b: &BoardGraph, name: &str) -> DirId {
    b.direction(name)
        .unwrap_or_else(|| panic!("no direction {name}"))
}

/// Successor names of `(cell, dir)`, sorted.
fn succ(b: &BoardGraph, from: &str, d: &str) -> Vec<String> {
    let mut v: Vec<String> = b
        .successors(cell(b, from), dir(b, d))
        .map(|e| b.cells[e.to as usize].name.clone())
        .collect();
    v.sort();
    v
}

fn edges<'a>(b: &'a BoardGraph, from: &str, d: &str) -> Vec<&'a Edge> {
    b.successors(cell(b, from), dir(b, d)).collect()
}

#[test]
fn chess_board_expands_exactly() {
    let (b, warnings) = load("board.yaml", CHESS);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(b.name, "chess");
    assert_eq!(b.cells.len(), 64);
    assert_eq!(b.directions.len(), 8);
    // 2 x 56 orthogonal neighbour pairs + 2 x 49 diagonal pairs, both ways.
    assert_eq!(b.edges.len(), 420);
    assert_eq!(b.seats, ["white", "black"]);
    assert!(b.remaps.is_empty());

    // Ids and rows follow FEN: rank 8 first, files a..h.
    assert_eq!(b.cells[0].name, "a8");
    assert_eq!(b.cells[63].name, "h1");
    assert_eq!(b.rows.len(), 8);
    let row8: Vec<&str> = b.rows[0]
        .iter()
        .map(|&c| b.cells[c as usize].name.as_str())
        .collect();
    assert_eq!(row8, ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]);

    let a1 = &b.cells[cell(&b, "a1") as usize];
    assert_eq!(a1.colour.as_deref(), Some("dark"));
    assert_eq!(a1.coords, Some((1, 1)));
    assert_eq!(a1.at, (0.5, 0.5));
    assert_eq!(
        b.cells[cell(&b, "h1") as usize].colour.as_deref(),
        Some("light")
    );
    assert_eq!(
        b.cells[cell(&b, "d4") as usize].polygon,
        [(3.0, 3.0), (4.0, 3.0), (4.0, 4.0), (3.0, 4.0)]
    );

    assert_eq!(succ(&b, "e4", "ne"), ["f5"]);
    assert!(succ(&b, "h8", "n").is_empty());
    assert_eq!(b.directions[dir(&b, "ne") as usize].opposite, dir(&b, "sw"));
    let n = dir(&b, "n");
    assert!(b
        .edges
        .iter()
        .all(|e| e.remap.is_none() && e.between.is_empty()));
    assert_eq!(edges(&b, "e2", "n")[0].continues(&b), n);

    // Sorted by (from, dir).
    assert!(b
        .edges
        .windows(2)
        .all(|w| (w[0].from, w[0].dir) <= (w[1].from, w[1].dir)));

    let Some(ZoneCells::Global(rank1)) = b.zone("rank1").map(|z| &z.cells) else {
        panic!("rank1")
    };
    let names: Vec<&str> = rank1
        .iter()
        .map(|&c| b.cells[c as usize].name.as_str())
        .collect();
    assert_eq!(names, ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
    assert_eq!(b.zones.len(), 18);
    // Zones that select by colour: the 32 cells of each.
    let Some(ZoneCells::Global(dark)) = b.zone("dark").map(|z| &z.cells) else {
        panic!("dark")
    };
    assert_eq!(dark.len(), 32);
    assert!(dark
        .iter()
        .all(|&c| b.cells[c as usize].colour.as_deref() == Some("dark")));
    assert_eq!(b.palette[0], ("dark".to_owned(), "#b58863".to_owned()));
}

#[test]
fn chess_description_is_readable() {
    let (b, _) = load("variants/chess/board.yaml", CHESS);
    let text = describe(&b);
    assert!(text.starts_with(
        "board chess (variants/chess/board.yaml)\n  64 cells, 8 directions, 420 edges, \
         0 remaps, 18 zones, 2 seats, 8 rows\n"
    ));
    assert!(text.contains("\n  n   opposite s\n"), "{text}");
    assert!(
        text.contains("\n  a1  dark   at (0.5, 0.5)  coords (1, 1)\n      n   a2\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  rank1   a1 b1 c1 d1 e1 f1 g1 h1\n"),
        "{text}"
    );
    assert!(
        text.contains("\nrows (top first):\n  a8 b8 c8 d8 e8 f8 g8 h8\n"),
        "{text}"
    );
    assert!(
        text.contains("\npalette:\n  dark   #b58863\n  light  #f0d9b5\n"),
        "{text}"
    );
    assert_eq!(text, describe(&b), "stable");
}

#[test]
fn three_player_centre_forks_and_flips() {
    let (b, warnings) = load("tri.yaml", TRI);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(b.cells.len(), 24);
    assert_eq!(b.directions.len(), 8);
    let flip = b.remaps.iter().position(|r| r.name == "flip").unwrap() as u8;
    // `flip*flip` is the identity and was not interned.
    assert_eq!(b.remaps.len(), 1);

    // Plain frontier edge: f from 0:c2 lands in territory 1 going b.
    let e = edges(&b, "0:c2", "f");
    assert_eq!(e.len(), 1);
    assert_eq!(b.cells[e[0].to as usize].name, "1:b2");
    assert_eq!(e[0].continues(&b), dir(&b, "b"));

    // Away from the centre both orders of a diagonal agree: one successor.
    assert_eq!(succ(&b, "0:a1", "fr"), ["0:b2"]);
    assert_eq!(succ(&b, "0:d1", "fl"), ["0:c2"]);
    assert!(edges(&b, "0:a1", "fr")[0].remap.is_none());
    // ... also across a frontier (f then l, or l then f, both reach 1:b2).
    assert_eq!(succ(&b, "0:d2", "fl"), ["1:b2"]);

    // At the centre the two orders disagree: the diagonal forks, both branches in
    // the other territory's frame, continuing in flip(fr) = bl.
    assert_eq!(succ(&b, "0:b2", "fr"), ["1:b2", "2:b2"]);
    for e in edges(&b, "0:b2", "fr") {
        assert_eq!(e.remap, Some(flip));
        assert_eq!(e.continues(&b), dir(&b, "bl"));
    }
    assert_eq!(succ(&b, "0:c2", "fl"), ["1:c2", "2:c2"]);
    // Same-colour cells only: 0:b2, 1:b2, 2:b2 are dark.
    for c in ["0:b2", "1:b2", "2:b2"] {
        assert_eq!(
            b.cells[cell(&b, c) as usize].colour.as_deref(),
            Some("dark")
        );
    }
    // Corner: one order runs off the board, the other does not exist either.
    assert!(succ(&b, "0:d2", "fr").is_empty());

    // Composite directions remember their paths.
    let fl = &b.directions[dir(&b, "fl") as usize];
    assert_eq!(fl.composite.as_ref().unwrap().len(), 2);

    // Per-seat zone.
    let Some(ZoneCells::PerSeat(home)) = b.zone("home").map(|z| &z.cells) else {
        panic!("home")
    };
    assert_eq!(home.len(), 3);
    assert!(home[1].contains(&cell(&b, "1:a1")));

    let text = describe(&b);
    assert!(
        text.contains("fr  fork 2:b2 (remap flip, continues bl) | 1:b2 (remap flip, continues bl)"),
        "{text}"
    );
    assert!(
        text.contains("fl  opposite br  composite f.l | l.f"),
        "{text}"
    );
    assert!(text.contains("home    white: 0:a1"), "{text}");
}

#[test]
fn composed_remaps_get_derived_names() {
    // One cell whose every plain edge loops back to itself through a frame change
    // (`flip` swaps f/b, `mirror` swaps l/r). A loop is its own way back, so the
    // board is reversible, and each diagonal crosses both changes: its edge needs
    // the composition `flip*mirror`, which is not one of the named remaps.
    let text = "\
directions:
  f: { opposite: b }
  b: { opposite: f }
  l: { opposite: r }
  r: { opposite: l }
  fl: { opposite: br }
  fr: { opposite: bl }
  bl: { opposite: fr }
  br: { opposite: fl }
remaps:
  flip: { f: b, b: f, l: l, r: r, fl: bl, bl: fl, fr: br, br: fr }
  mirror: { f: f, b: b, l: r, r: l, fl: fr, fr: fl, bl: br, br: bl }
composite:
  fl: [[f, l]]
  fr: [[f, r]]
  bl: [[b, l]]
  br: [[b, r]]
cells:
  - name: x
    links:
      f: { to: x, remap: flip }
      b: { to: x, remap: flip }
      l: { to: x, remap: mirror }
      r: { to: x, remap: mirror }
rows: [[x]]
";
    let (b, _) = load("loop.yaml", text);
    assert_eq!(b.remaps.len(), 3, "one derived remap, interned once");
    for d in ["fl", "fr", "bl", "br"] {
        let e = edges(&b, "x", d);
        assert_eq!(e.len(), 1);
        assert_eq!(b.remaps[e[0].remap.unwrap() as usize].name, "flip*mirror");
        // The second step was taken in the flipped frame and the move continues in
        // the doubly changed one: fl -> br.
        assert_eq!(
            e[0].continues(&b),
            b.directions[dir(&b, d) as usize].opposite
        );
    }
    let m = &b.remaps[2].map;
    assert_eq!(m[dir(&b, "f") as usize], dir(&b, "b"));
    assert_eq!(m[dir(&b, "l") as usize], dir(&b, "r"));
    assert!(describe(&b).contains("flip*mirror  derived f>b b>f l>r r>l fl>br fr>bl bl>fr br>fl"));
}

#[test]
fn dreierschach_hex_lattice() {
    let (b, warnings) = load("drei.yaml", DREI);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(b.cells.len(), 126);
    for colour in ["white", "gray", "black"] {
        let n = b
            .cells
            .iter()
            .filter(|c| c.colour.as_deref() == Some(colour))
            .count();
        assert_eq!(n, 42, "{colour}");
    }
    assert!(b.cell("m1").is_none() && b.cell("a7").is_none());
    assert!(b.cell("h1").is_some() && b.cell("a6").is_some() && b.cell("m13").is_some());

    // Straight step: no flanks. Diagonal steps: two flanks, same colour.
    let e = edges(&b, "d4", "e");
    assert_eq!(e.len(), 1);
    assert!(e[0].between.is_empty());
    let e = edges(&b, "d4", "ene");
    assert_eq!(b.cells[e[0].to as usize].name, "f5");
    let flanks: Vec<&str> = e[0]
        .between
        .iter()
        .map(|&c| b.cells[c as usize].name.as_str())
        .collect();
    assert_eq!(flanks, ["e4", "e5"]);
    assert_eq!(
        b.cells[e[0].to as usize].colour,
        b.cells[cell(&b, "d4") as usize].colour
    );
    let e = edges(&b, "d4", "n");
    let flanks: Vec<&str> = e[0]
        .between
        .iter()
        .map(|&c| b.cells[c as usize].name.as_str())
        .collect();
    assert_eq!(
        (b.cells[e[0].to as usize].name.as_str(), flanks),
        ("e6", vec!["d5", "e5"])
    );
    // On the rim: a1 has three straight neighbours and two diagonals.
    let a1 = cell(&b, "a1");
    assert_eq!(
        b.edges
            .iter()
            .filter(|e| e.from == a1 && e.between.is_empty())
            .count(),
        3
    );
    assert_eq!(
        b.edges
            .iter()
            .filter(|e| e.from == a1 && !e.between.is_empty())
            .count(),
        2
    );
    // Hex drawing: neighbours one unit apart.
    let (p, q) = (
        b.cells[cell(&b, "d4") as usize].at,
        b.cells[cell(&b, "e5") as usize].at,
    );
    assert!(((p.0 - q.0).hypot(p.1 - q.1) - 1.0).abs() < 1e-9);
    assert_eq!(b.cells[a1 as usize].polygon.len(), 6);

    let Some(ZoneCells::PerSeat(base)) = b.zone("base").map(|z| &z.cells) else {
        panic!("base")
    };
    assert_eq!(base.iter().map(Vec::len).collect::<Vec<_>>(), [8, 8, 8]);
}

#[test]
fn keep_constraints_and_lost_flanks() {
    // An L-shaped board: the diagonal from a1 to b2 passes b1 (kept) and a2 (cut).
    let text = "\
directions:
  d: { opposite: u }
  u: { opposite: d }
lattice:
  width: 2
  height: 2
  keep: [{ x: -1, y: 1, max: 0 }]
  vectors:
    d: { vector: [1, 1], between: [[1, 0], [0, 1]] }
    u: { vector: [-1, -1], between: [[-1, 0], [0, -1]] }
";
    let (b, warnings) = load("l.yaml", text);
    assert_eq!(b.cells.len(), 3, "a2 is cut (2 - 1 > 0)");
    let e = edges(&b, "a1", "d");
    let flanks: Vec<&str> = e[0]
        .between
        .iter()
        .map(|&c| b.cells[c as usize].name.as_str())
        .collect();
    assert_eq!(flanks, ["b1"]);
    let codes: Vec<&str> = warnings.0.iter().map(|w| w.code).collect();
    assert_eq!(
        codes,
        [
            "board::flank-off-board",
            "board::flank-off-board",
            "board::isolated-cell"
        ]
    );
}

#[test]
fn every_mistake_is_reported_with_a_location() {
    let errs = errors(include_str!(
        "../../tests/fixtures/boards/err_three_mistakes.yaml"
    ));
    let codes: Vec<&str> = errs.iter().map(|e| e.1).collect();
    assert!(codes.contains(&"board::unknown-cell"), "{errs:#?}");
    assert!(codes.contains(&"board::opposite-mismatch"), "{errs:#?}");
    assert!(codes.contains(&"board::zone-shadows-cell"), "{errs:#?}");
    let unknown = errs.iter().find(|e| e.1 == "board::unknown-cell").unwrap();
    assert_eq!(unknown.0, "t.yaml:19:23");
}

#[test]
fn one_way_links_name_the_missing_link() {
    let text = "\
directions:
  n: { opposite: s }
  s: { opposite: n }
cells:
  - name: a
    links: { n: b }
  - name: b
rows: [[b], [a]]
";
    let e = load_board(&SourceFile::new("t.yaml", text)).unwrap_err();
    let d = e.0.iter().find(|d| d.code == "board::one-way").unwrap();
    assert_eq!(d.location().unwrap(), "t.yaml:6:17");
    assert_eq!(
        d.help.as_deref(),
        Some("add `s: a` to the links of cell `b`: attack detection walks every edge backwards")
    );
}

#[test]
fn remapped_links_need_remapped_ways_back() {
    let text = "\
directions:
  f: { opposite: b }
  b: { opposite: f }
remaps:
  flip: { f: b, b: f }
cells:
  - name: x
    links: { f: { to: y, remap: flip } }
  - name: y
rows: [[x, y]]
";
    let e = load_board(&SourceFile::new("t.yaml", text)).unwrap_err();
    let d = e.0.iter().find(|d| d.code == "board::one-way").unwrap();
    // x f -> y continues b; the way back is y f -> x continuing b.
    assert_eq!(
        d.help.as_deref(),
        Some(
            "add `f: { to: x, remap: flip }` to the links of cell `y`: attack detection \
             walks every edge backwards"
        )
    );
}

#[test]
fn limits_are_enforced() {
    let many_dirs: String = (0..33)
        .map(|i| format!("  d{i}: {{ opposite: d{i} }}\n"))
        .collect();
    let errs = errors(&format!("directions:\n{many_dirs}"));
    assert!(
        errs.iter().any(|e| e.1 == "board::too-many-directions"),
        "{errs:#?}"
    );

    let big = "directions: { n: { opposite: n } }\nlattice: { width: 200, height: 200 }\n";
    let errs = errors(big);
    assert_eq!(errs[0].1, "board::lattice-too-large");

    let huge = format!("name: x\n# {}\n", "x".repeat(crate::limits::MAX_FILE_BYTES));
    let errs = errors(&huge);
    assert_eq!(errs[0].1, "board::file-too-large");

    let fork: String = (0..9).map(|i| format!("c{i}, ")).collect();
    let text = format!(
        "directions: {{ n: {{ opposite: n }} }}\ncells:\n  - name: a\n    links: {{ n: [{fork}] }}\n"
    );
    let errs = errors(&text);
    assert!(
        errs.iter().any(|e| e.1 == "board::successor-count"),
        "{errs:#?}"
    );
}

#[test]
fn diagnostics_are_capped() {
    let links: String = (0..200)
        .map(|i| format!("  - name: c{i}\n    links: {{ n: nowhere{i} }}\n"))
        .collect();
    let text = format!("directions: {{ n: {{ opposite: n }} }}\ncells:\n{links}");
    let e = load_board(&SourceFile::new("t.yaml", &text)).unwrap_err();
    assert_eq!(e.0.len(), crate::limits::MAX_DIAGNOSTICS + 1);
    assert_eq!(e.0.last().unwrap().code, "board::too-many-diagnostics");
}

#[test]
fn hostile_files_do_not_panic() {
    for text in [
        "directions: {}\n",
        "directions: { n: { opposite: n } }\nlattice: { width: 3, height: 3, vectors: { n: [2147483647, 2147483647] } }\n",
        "directions: { n: { opposite: n } }\nlattice: { width: 3, height: 3, keep: [{ x: 2147483647, y: 2147483647, min: -9223372036854775808 }] }\n",
        "directions: { n: { opposite: n } }\nlattice: { width: 0, height: 3 }\n",
        "directions: { n: { opposite: n } }\nlattice: { width: 3, height: 3, colour: { modulo: 0, names: [] } }\n",
        "directions: { n: { opposite: n } }\nremaps: { r: {} }\ncomposite: { n: [[]] }\n",
        "directions: { n: { opposite: n } }\ncells: [{ name: a, at: [.nan, .inf] }]\n",
        "directions: { n: { opposite: n } }\nzones: { z: { x: [1] } }\n",
        "directions: { n: { opposite: n } }\ncomposite: { n: [[n, n, n, n, n, n, n, n, n]] }\n",
    ] {
        let _ = load_board(&SourceFile::new("t.yaml", text));
    }
}

#[test]
fn truncated_and_mangled_files_never_panic() {
    let three = include_str!("../../tests/fixtures/boards/err_three_mistakes.yaml");
    for text in [TRI, DREI, CHESS, three] {
        let cuts = (0..text.len()).filter(|&i| text.is_char_boundary(i));
        for end in cuts.step_by(5) {
            let _ = load_board(&SourceFile::new("t.yaml", &text[..end]));
            // Indentation shifted by one from here on: mostly invalid YAML, sometimes a
            // differently nested valid one.
            let shifted = format!("{} {}", &text[..end], &text[end..]).replace("\n  ", "\n ");
            let _ = load_board(&SourceFile::new("t.yaml", &shifted));
        }
    }
}

/// Two one-row boards joined by a seam whose edges stop rays, with a composite
/// direction `ee` (two steps east) that crosses it.
const SEAM: &str = r#"
directions:
  e: { opposite: w }
  w: { opposite: e }
  ee: { opposite: ww }
  ww: { opposite: ee }
composite:
  ee: [[e, e]]
  ww: [[w, w]]
cells:
  - { name: "1:a", links: { e: "1:b" } }
  - { name: "1:b", links: { w: "1:a", e: { to: "2:a", stop: true } } }
  - { name: "2:a", links: { w: { to: "1:b", stop: true }, e: "2:b" } }
  - { name: "2:b", links: { w: "2:a" } }
rows: [["1:a", "1:b", "2:a", "2:b"]]
"#;

#[test]
fn stop_edges_are_read_inherited_by_composites_and_printed() {
    let (b, warnings) = load("seam.yaml", SEAM);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(edges(&b, "1:b", "e")[0].stop);
    assert!(edges(&b, "2:a", "w")[0].stop);
    assert!(!edges(&b, "1:a", "e")[0].stop);
    assert!(!edges(&b, "2:a", "e")[0].stop);
    // A composite walk that crosses the seam stops too; one that does not, does not.
    assert!(edges(&b, "1:a", "ee")[0].stop);
    assert!(edges(&b, "1:b", "ee")[0].stop);
    assert!(edges(&b, "2:b", "ww")[0].stop);
    assert!(!edges(&b, "2:a", "ee").iter().any(|e| e.stop));
    assert!(describe(&b).contains("2:a (stop)"), "{}", describe(&b));
}

#[test]
fn a_stop_edge_needs_a_stop_edge_back() {
    let text = SEAM.replace(r#"w: { to: "1:b", stop: true }"#, r#"w: "1:b""#);
    let e = errors(&text);
    // Both links, and the composite edges built on them, are reported.
    assert!(e.len() >= 2, "{e:?}");
    assert!(e.iter().all(|x| x.1 == "board::asymmetric-stop"), "{e:?}");
    assert!(e[0].2.contains("`1:b` e -> `2:a`"), "{}", e[0].2);
    assert!(e[1].2.contains("`2:a` w -> `1:b`"), "{}", e[1].2);
}

/// A hostile unknown name (found by fuzzing: 300 replacement characters as an
/// `opposite`) is quoted cut short, so its diagnostic stays small.
#[test]
fn long_unknown_names_are_quoted_short() {
    let long = "\u{fffd}".repeat(300);
    let text = format!(
        "directions:\n  f: {{ opposite: b }}\n  b: {{ opposite: f }}\n  l: {{ opposite: {long} }}\n\
         cells:\n  - name: x\n"
    );
    let errs = errors(&text);
    let (_, code, message) = errs
        .iter()
        .find(|e| e.1 == "board::unknown-direction")
        .expect("the unknown opposite is reported");
    assert_eq!(*code, "board::unknown-direction");
    assert!(message.chars().count() < 80, "{message}");
}

/// Found by `tools/hostile-table`: a 4 MiB cell name came back whole in the message
/// (4.5 MB of output for one error).
#[test]
fn long_invalid_names_are_quoted_short() {
    let long = "a".repeat(100_000);
    let text = format!(
        "directions:\n  f: {{ opposite: b }}\n  b: {{ opposite: f }}\ncells:\n  - name: {long}\n"
    );
    let errs = errors(&text);
    let (_, _, message) = errs
        .iter()
        .find(|e| e.1 == "board::bad-name")
        .expect("the long name is reported");
    assert!(message.chars().count() < 200, "{} chars", message.len());
}
