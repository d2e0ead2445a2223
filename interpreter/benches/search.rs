//! Search speed of every variant under `variants/`: nodes per second of the
//! computer player's search (full width and quiescence, with its evaluation), from
//! the start position, for a fixed number of nodes. divan prints them as "items/s".
//! Before the timings, one line per variant on standard error gives the depth the
//! node budget reaches and the nodes counted.
//!
//! Run with `cargo bench -p chessgraph --bench search`; one variant with
//! `cargo bench -p chessgraph --bench search -- zubrin`.

use chessgraph::search::{Limits, Searcher};
use chessgraph::{Position, Variant};
use divan::counter::ItemsCount;
use divan::Bencher;
use std::sync::Arc;

/// Nodes each search visits.
const NODES: u64 = 200_000;

mod common;

use common::{load, VARIANTS};

fn main() {
    report();
    divan::main();
}

fn limits() -> Limits {
    Limits {
        nodes: Some(NODES),
        ..Limits::depth(64)
    }
}

/// One search from the start: (nodes visited, depth finished).
fn search(v: &Arc<Variant>) -> (u64, u32) {
    let mut searcher = Searcher::new(v, limits());
    let mut pos = Position::start(v);
    searcher
        .search(&mut pos)
        .map_or((0, 0), |r| (r.nodes, r.depth))
}

/// Prints each variant's node count and depth (see the module docs).
fn report() {
    for &(name, _) in VARIANTS {
        let (nodes, depth) = search(&load(name));
        eprintln!("{name:>20}: {nodes:>8} nodes, depth {depth}");
    }
}

#[divan::bench(args = VARIANTS, sample_count = 5, sample_size = 1)]
fn search_start(bencher: Bencher, &(name, _): &(&str, u32)) {
    let v = load(name);
    let (nodes, _) = search(&v);
    bencher
        .counter(ItemsCount::new(nodes))
        .with_inputs(|| (Searcher::new(&v, limits()), Position::start(&v)))
        .bench_local_values(|(mut s, mut pos)| s.search(&mut pos));
}
