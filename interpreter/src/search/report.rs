//! What a search tells while it runs: one [`Report`] per finished iteration, the
//! matter of engine protocols' `info` lines and of `analyse`.

use super::tt::Table;
use crate::{Move, MoveList, Position};
use std::time::Duration;

/// The state of a search after one finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The iteration's depth (plies, full width).
    pub depth: u32,
    /// The deepest ply any line reached (quiescence included).
    pub seldepth: u32,
    /// The value for the player to move (centipawns; beyond
    /// [`super::is_mate_value`] a forced result).
    pub value: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Which of several lines this is (0 for the best; `analyse --lines`).
    pub line: usize,
}

impl Report {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// The line of table moves from `pos` after `first`: each must be legal where it
/// stands, no position repeats, at most `max` moves. `pos` is unchanged afterwards.
pub(crate) fn principal_variation(
    pos: &mut Position,
    table: &Table,
    salt: u64,
    first: Move,
    max: usize,
) -> Vec<Move> {
    let mut pv = vec![first];
    let mut seen = vec![pos.hash()];
    pos.make(first);
    let mut list = MoveList::new();
    while pv.len() < max {
        if seen.contains(&pos.hash()) {
            break;
        }
        seen.push(pos.hash());
        let Some(m) = table.probe(pos.hash() ^ salt).and_then(|e| e.mv) else {
            break;
        };
        pos.legal_moves_into(&mut list);
        if !list.contains(&m) {
            break;
        }
        pos.make(m);
        pv.push(m);
    }
    for _ in 0..pv.len() {
        pos.unmake();
    }
    pv
}
