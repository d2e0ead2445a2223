//! Perft speed of every variant under `variants/`, from its start position, at a depth
//! that takes a few tenths of a second: divan prints leaf nodes per second as
//! "items/s". Before the timings, one line per variant on standard error gives the
//! count and how many moves were made and unmade to test them
//! ([`Position::probe_count`]: legality the attack tables could not decide on the
//! board, and rules that look at the position after a move), the work the fast paths
//! leave.
//!
//! Run with `cargo bench -p chessgraph --bench variants`; one variant with
//! `cargo bench -p chessgraph --bench variants -- xiangqi`.

use chessgraph::{perft, Position};
use divan::counter::ItemsCount;
use divan::Bencher;

mod common;

use common::{load, VARIANTS};

fn main() {
    report();
    divan::main();
}

/// The leaf count of `name`'s bench.
fn count(name: &str, depth: u32) -> u64 {
    perft(&mut Position::start(&load(name)), depth)
}

/// Prints each variant's count and probes (see the module docs).
fn report() {
    for &(name, depth) in VARIANTS {
        let mut pos = Position::start(&load(name));
        let nodes = perft(&mut pos, depth);
        eprintln!(
            "{name:>20} depth {depth}: {nodes:>11} nodes, {:>10} moves made to test them",
            pos.probe_count()
        );
    }
}

#[divan::bench(args = VARIANTS, sample_count = 5, sample_size = 1)]
fn perft_start(bencher: Bencher, &(name, depth): &(&str, u32)) {
    let v = load(name);
    let nodes = count(name, depth);
    bencher
        .counter(ItemsCount::new(nodes))
        .with_inputs(|| Position::start(&v))
        .bench_local_values(|mut pos| perft(&mut pos, depth));
}
