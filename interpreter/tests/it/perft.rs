//! Perft data: `tests/perft/*.perft` (shakmaty's format). Every entry whose count is
//! at most 1,000,000 runs here; the deeper ones run with `-- --ignored` and in the
//! benchmark.

use crate::common::chess;
use chessgraph::{divide, perft, Position, Variant};
use std::sync::Arc;

/// Largest count run by the ordinary test.
const FAST: u64 = 1_000_000;

/// `(id, position text, depth, count)` for every `perft` line of a file.
fn entries(text: &str) -> Vec<(String, String, u32, u64)> {
    let mut out = Vec::new();
    let (mut id, mut pos) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if let Some(x) = line.strip_prefix("id ") {
            id = x.to_owned();
        } else if let Some(x) = line
            .strip_prefix("epd ")
            .or_else(|| line.strip_prefix("pos "))
        {
            pos = x.to_owned();
        } else if let Some(x) = line.strip_prefix("perft ") {
            let (d, n) = x.split_once(' ').expect("perft DEPTH COUNT");
            out.push((
                id.clone(),
                pos.clone(),
                d.parse().expect("depth"),
                n.trim().parse().expect("count"),
            ));
        }
    }
    out
}

fn run(v: &Arc<Variant>, file: &str, max: u64) -> usize {
    let text =
        std::fs::read_to_string(format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR")))
            .expect("perft file");
    let mut ran = 0;
    for (id, text, depth, count) in entries(&text) {
        if count > max {
            continue;
        }
        let mut pos = Position::from_str(v, &text).unwrap_or_else(|e| panic!("{id}: {e}"));
        let before = pos.to_string();
        assert_eq!(perft(&mut pos, depth), count, "{id} perft {depth}");
        assert_eq!(pos.to_string(), before, "{id}: perft changed the position");
        ran += 1;
    }
    ran
}

#[test]
fn chess_perft_up_to_a_million() {
    assert!(run(&chess(), "chess.perft", FAST) >= 40);
}

#[test]
fn three_player_perft_from_the_start() {
    for name in ["zubrin", "chess-for-3"] {
        let v = crate::common::named(name, &[]);
        assert_eq!(run(&v, &format!("{name}.perft"), FAST), 4, "{name}");
        let start = Position::start(&v).to_string();
        assert!(
            entries(
                &std::fs::read_to_string(format!(
                    "{}/tests/perft/{name}.perft",
                    env!("CARGO_MANIFEST_DIR")
                ))
                .expect("perft file")
            )
            .iter()
            .any(|e| e.1 == start),
            "{name}.perft holds the start position"
        );
    }
}

#[test]
#[ignore = "deep counts: minutes in the test profile"]
fn chess_perft_all() {
    run(&chess(), "chess.perft", u64::MAX);
}

#[test]
fn divide_sums_to_perft() {
    let v = chess();
    let mut pos = Position::from_str(
        &v,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    )
    .unwrap();
    let parts = divide(&mut pos, 2);
    assert_eq!(parts.len(), 48);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 2039);
    let castle = parts
        .iter()
        .find(|(m, _)| pos.long(*m) == "e1g1")
        .expect("O-O is legal");
    assert_eq!(castle.1, 43);
}

#[test]
fn perft_zero_is_one_and_finished_games_have_no_moves() {
    let v = chess();
    let mut mate = Position::from_str(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    assert_eq!(perft(&mut mate, 0), 1);
    assert_eq!(perft(&mut mate, 1), 0);
    assert_eq!(perft(&mut mate, 3), 0);
}
