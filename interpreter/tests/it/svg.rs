//! The SVG drawings committed under `examples/svg/` are what `chessgraph::draw::svg`
//! draws now. `CHESSGRAPH_BLESS=1 cargo test -p chessgraph --test it svg` rewrites
//! them after a deliberate change (then look at them before committing).

use crate::common::{chess, named, root};
use chessgraph::draw::{svg, svg_moves};
use chessgraph::Position;

/// `(file, drawing)` for every committed example.
fn drawings() -> Vec<(&'static str, String)> {
    let zubrin = named("zubrin", &[]);
    let c3 = named("chess-for-3", &[]);
    // A lone bishop on c3 (and the kings): its diagonal forks at d4.
    let mut fork = Position::from_str(&zubrin, "3rK4/8/8/8/7bK/8/8/8/8/2wB5/8/7wK w - - 0 1")
        .expect("fork position");
    let c3_cell = zubrin.cell("c3").expect("c3");
    vec![
        ("zubrin-start.svg", svg(&Position::start(&zubrin), &[])),
        ("chess-for-3-start.svg", svg(&Position::start(&c3), &[])),
        ("zubrin-bishop-c3.svg", svg_moves(&mut fork, c3_cell)),
        ("chess-start.svg", svg(&Position::start(&chess()), &[])),
        (
            "dreierschach-start.svg",
            svg(&Position::start(&named("dreierschach", &[])), &[]),
        ),
        (
            "strategichess-start.svg",
            svg(&Position::start(&named("strategichess", &[])), &[]),
        ),
        (
            "strategichess-team-start.svg",
            svg(&Position::start(&named("strategichess-team", &[])), &[]),
        ),
    ]
}

#[test]
fn committed_drawings_are_up_to_date() {
    let dir = root().join("examples/svg");
    let bless = std::env::var_os("CHESSGRAPH_BLESS").is_some();
    for (file, drawing) in drawings() {
        let path = dir.join(file);
        if bless {
            std::fs::create_dir_all(&dir).expect("examples/svg");
            std::fs::write(&path, &drawing).expect("write drawing");
            continue;
        }
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (CHESSGRAPH_BLESS=1 writes it)", path.display()));
        assert!(
            committed == drawing,
            "{file} is stale: run CHESSGRAPH_BLESS=1 cargo test -p chessgraph --test it svg"
        );
    }
}

#[test]
fn the_96_cell_drawing_meets_at_the_centre() {
    // The six centre cells each have a corner at the board's centre point (0, 0).
    let v = named("zubrin", &[]);
    for name in ["d4", "e4", "e9", "i9", "i5", "d5"] {
        let cell = &v.board().cells[v.cell(name).unwrap() as usize];
        let near = cell
            .polygon
            .iter()
            .filter(|(x, y)| x.abs() < 1e-6 && y.abs() < 1e-6)
            .count();
        assert_eq!(near, 1, "{name}: {:?}", cell.polygon);
    }
    let s = svg(&Position::start(&v), &[]);
    assert_eq!(s.matches("<polygon").count(), 96);
    assert_eq!(s.matches("<circle").count(), 48);
}
