//! `chessgraph perft VARIANT DEPTH [--position P] [--divide] [--threads N]`: node
//! counts, time and speed.

use super::config::VariantSpec;
use super::error::CliError;
use super::load;
use super::term::Term;
use std::time::Instant;

/// Runs the command.
pub fn run(
    spec: &VariantSpec,
    depth: u32,
    position: Option<&str>,
    divide: bool,
    threads: usize,
    t: &mut Term,
) -> Result<(), CliError> {
    let v = load::variant(spec, t)?;
    let pos = load::position(&v, position)?;
    let start = Instant::now();
    let nodes = if divide && depth > 0 {
        let split = chessgraph::divide_threads(&pos, depth, threads);
        let mut s = String::new();
        for &(m, n) in &split {
            s.push_str(&format!("{}: {n}\n", pos.long(m)));
        }
        s.push('\n');
        t.print(&s)?;
        split.iter().map(|&(_, n)| n).sum()
    } else {
        chessgraph::perft_threads(&pos, depth, threads)
    };
    let secs = start.elapsed().as_secs_f64();
    let speed = if secs > 0.0 {
        (nodes as f64 / secs).round() as u64
    } else {
        0
    };
    t.print(&format!(
        "depth {depth}: {nodes} nodes in {secs:.3} s ({speed} nodes/s)\n"
    ))
}
