//! Perft speed on standard chess (variants/chess), asserting the published counts, and
//! on the StrategiChess boards (single 14x14 board, and the 3-board team game whose
//! perft counts every board's moves).
//!
//! Nodes per second are leaf nodes per second with bulk counting: the last ply's legal
//! moves are counted, not made (see `chessgraph::perft`). divan prints them as
//! "items/s". Run with `cargo bench -p chessgraph`.

use chessgraph::{perft, Position, Variant};
use divan::counter::ItemsCount;
use divan::Bencher;
use std::sync::Arc;

fn main() {
    divan::main();
}

fn chess() -> Arc<Variant> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess/chess.rules");
    Variant::load(path, &[]).expect("chess compiles").variant
}

fn run(bencher: Bencher, fen: &str, depth: u32, count: u64) {
    let v = chess();
    bencher
        .counter(ItemsCount::new(count))
        .with_inputs(|| Position::from_str(&v, fen).expect("valid FEN"))
        .bench_local_values(|mut pos| assert_eq!(perft(&mut pos, depth), count));
}

/// The start position, depth 5: 4,865,609 leaves.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn start_5(bencher: Bencher) {
    run(
        bencher,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    );
}

/// Kiwipete, depth 5: 193,690,690 leaves.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn kiwipete_5(bencher: Bencher) {
    run(
        bencher,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        5,
        193_690_690,
    );
}

/// Position 3 of the chessprogramming.org list, depth 6: 11,030,083 leaves.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn position3_6(bencher: Bencher) {
    run(
        bencher,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        6,
        11_030_083,
    );
}

/// The start position of a variant under `variants/`, depth `depth`: `count` leaves.
fn run_variant(bencher: Bencher, name: &str, depth: u32, count: u64) {
    let path = format!(
        "{}/../variants/{name}/{name}.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    let v = Variant::load(&path, &[])
        .expect("the variant compiles")
        .variant;
    bencher
        .counter(ItemsCount::new(count))
        .with_inputs(|| Position::start(&v))
        .bench_local_values(|mut pos| assert_eq!(perft(&mut pos, depth), count));
}

/// StrategiChess, the 14x14 board, depth 4: 94,640,875 leaves.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn strategichess_4(bencher: Bencher) {
    run_variant(bencher, "strategichess", 4, 94_640_875);
}

/// The StrategiChess team game on 3 boards, depth 3: 25,786,184 leaves.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn strategichess_team_3(bencher: Bencher) {
    run_variant(bencher, "strategichess-team", 3, 25_786_184);
}
