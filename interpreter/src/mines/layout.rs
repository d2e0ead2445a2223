//! Placing the start position's mines: `count` distinct cells of the zone drawn by the
//! seeded generator; with a mirror, in pairs (a cell and its mirror image), an odd
//! last mine alone.

use super::rng::Rng;
use super::{MineRules, NO_CELL};
use crate::ids::Cell;

/// The cells that get mines, drawn with `state` (which advances).
pub(crate) fn place(rules: &MineRules, state: &mut u64) -> Vec<Cell> {
    let mut free: Vec<Cell> = rules.zone.clone();
    let mut out = Vec::with_capacity(rules.count);
    let mirror = |c: Cell| rules.mirror.as_ref().map_or(NO_CELL, |m| m[c as usize]);
    while out.len() < rules.count && !free.is_empty() {
        let left = rules.count - out.len();
        // With a mirror and two or more mines to go, draw among cells whose image is
        // another free cell; otherwise among all free cells.
        let pairs: Vec<usize> = if rules.mirror.is_some() && left >= 2 {
            (0..free.len())
                .filter(|&i| {
                    let m = mirror(free[i]);
                    m != free[i] && free.contains(&m)
                })
                .collect()
        } else {
            Vec::new()
        };
        let i = if pairs.is_empty() {
            Rng(state).below(free.len())
        } else {
            pairs[Rng(state).below(pairs.len())]
        };
        let c = free.remove(i);
        out.push(c);
        if !pairs.is_empty() {
            let m = mirror(c);
            free.retain(|&x| x != m);
            out.push(m);
        }
    }
    out.sort_unstable();
    out
}
