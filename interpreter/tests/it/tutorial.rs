//! The tutorial under `examples/first-variant/`: its files are valid, its perft
//! counts hold, its intentional mistake gives the diagnostic the text shows.

use crate::common::root;
use chessgraph::{perft, Position, Variant};

/// Los Alamos perft from the start. Depth 1: six pawn steps and two moves of each
/// knight (a3 c3, d3 f3) = 10; depth 2: the two armies cannot meet in one move each,
/// so every white move leaves black the same 10 replies = 100; depths 3 and 4
/// agree with the independent naive generator `examples/first-variant/naive-perft.py`.
const PERFT: [u64; 4] = [10, 100, 1212, 14332];

#[test]
fn the_tutorial_variant_loads_and_counts() {
    let loaded = Variant::load(root().join("examples/first-variant/los-alamos.rules"), &[])
        .expect("the tutorial's variant compiles");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let mut pos = Position::start(&loaded.variant);
    for (depth, &n) in (1..).zip(PERFT.iter()) {
        assert_eq!(perft(&mut pos, depth), n, "depth {depth}");
    }
}

#[test]
fn the_double_step_option_adds_six_moves() {
    let opts = [("double_step".to_owned(), "true".to_owned())];
    let loaded = Variant::load(
        root().join("examples/first-variant/los-alamos.rules"),
        &opts,
    )
    .expect("the option is accepted");
    let mut pos = Position::start(&loaded.variant);
    assert_eq!(perft(&mut pos, 1), 16);
}

#[test]
fn the_tutorial_shows_the_real_diagnostic() {
    let e = Variant::load(
        root().join("examples/first-variant/mistake/los-alamos.rules"),
        &[],
    )
    .expect_err("the mistake is a mistake");
    let chessgraph::Error::Variant(ds) = e else {
        panic!("a variant diagnostic: {e:?}")
    };
    assert_eq!(ds.error_count(), 1);
    let shown = crate::render::render_all(&ds).replace(&format!("{}/", root().display()), "");
    let readme = std::fs::read_to_string(root().join("examples/first-variant/README.md"))
        .expect("the tutorial");
    for line in shown.lines().filter(|l| !l.trim().is_empty()) {
        assert!(
            readme.contains(line.trim_end()),
            "README lacks the line\n{line}\nof\n{shown}"
        );
    }
}
