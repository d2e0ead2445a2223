//! Dotted paths (`leap n.n.e`, `step f.f`): every cell a fixed sequence of
//! directions reaches, following forks and applying each edge's remap to the later
//! steps of the path.

use crate::ids::{Cell, Dir};
use crate::topology::{Topology, NO_REMAP};

/// Most ends one path may have (forks multiply them).
pub(crate) const MAX_PATH_ENDS: usize = 4096;

/// One way along a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PathEnd {
    /// Where it ends.
    pub to: Cell,
    /// The cells passed on the way (not the start, not the end), in order.
    pub passed: Vec<Cell>,
    /// The flanks of the edges taken (0 entries left out).
    pub flanks: Vec<u16>,
}

/// Every way to follow `steps` from `from`. A step's direction is mapped by the
/// remaps of the edges already taken (ARCHITECTURE.md section 2). Ends at `from`
/// itself are dropped: standing still is not a move.
pub(crate) fn follow(topo: &Topology, from: Cell, steps: &[Dir]) -> Vec<PathEnd> {
    let identity: Vec<Dir> = (0..topo.dirs as Dir).collect();
    let mut out = Vec::new();
    let mut passed = Vec::new();
    let mut flanks = Vec::new();
    walk(
        topo,
        from,
        steps,
        &identity,
        &mut passed,
        &mut flanks,
        &mut out,
    );
    out.retain(|e| e.to != from);
    out
}

/// Most search nodes [`first_order`] visits for one path on one cell.
const MAX_ORDER_NODES: usize = 4096;

/// The first order of `steps` that leads somewhere from `from` (an end other than
/// `from`), for a leap whose written order falls off the board: orders are tried with
/// each step picked from the remaining ones in written order (`n.n.e`, then `n.e.n`,
/// then `e.n.n`), so the written order comes first. A prefix that falls off the board
/// rules out every order that starts with it. `None` when no order leads anywhere
/// (or the bounded search gives up, on hostile paths only).
pub(crate) fn first_order(topo: &Topology, from: Cell, steps: &[Dir]) -> Option<Vec<Dir>> {
    let identity: Vec<Dir> = (0..topo.dirs as Dir).collect();
    let mut remaining = steps.to_vec();
    let mut order = Vec::with_capacity(steps.len());
    let mut budget = MAX_ORDER_NODES;
    let start = [(from, identity)];
    search_order(topo, from, &start, &mut remaining, &mut order, &mut budget).then_some(order)
}

/// Depth-first search of [`first_order`]: `states` are the cells (with their frames)
/// the steps in `order` reach.
fn search_order(
    topo: &Topology,
    from: Cell,
    states: &[(Cell, Vec<Dir>)],
    remaining: &mut Vec<Dir>,
    order: &mut Vec<Dir>,
    budget: &mut usize,
) -> bool {
    if remaining.is_empty() {
        return !follow(topo, from, order).is_empty();
    }
    for i in 0..remaining.len() {
        if remaining[..i].contains(&remaining[i]) {
            continue;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let d = remaining.remove(i);
        let mut next: Vec<(Cell, Vec<Dir>)> = Vec::new();
        for (cell, frame) in states {
            for s in topo.succ(*cell, frame[d as usize]) {
                if next.len() >= MAX_PATH_ENDS {
                    break;
                }
                let frame = if s.remap == NO_REMAP {
                    frame.clone()
                } else {
                    let m = &topo.remaps[s.remap as usize];
                    frame.iter().map(|&x| m[x as usize]).collect()
                };
                next.push((s.to, frame));
            }
        }
        if !next.is_empty() {
            order.push(d);
            if search_order(topo, from, &next, remaining, order, budget) {
                return true;
            }
            order.pop();
        }
        remaining.insert(i, d);
    }
    false
}

fn walk(
    topo: &Topology,
    cell: Cell,
    steps: &[Dir],
    frame: &[Dir],
    passed: &mut Vec<Cell>,
    flanks: &mut Vec<u16>,
    out: &mut Vec<PathEnd>,
) {
    let Some((&first, rest)) = steps.split_first() else {
        return;
    };
    for s in topo.succ(cell, frame[first as usize]) {
        if out.len() >= MAX_PATH_ENDS {
            return;
        }
        if s.flank != 0 {
            flanks.push(s.flank);
        }
        if rest.is_empty() {
            out.push(PathEnd {
                to: s.to,
                passed: passed.clone(),
                flanks: flanks.clone(),
            });
        } else {
            passed.push(s.to);
            if s.remap == NO_REMAP {
                walk(topo, s.to, rest, frame, passed, flanks, out);
            } else {
                let m = &topo.remaps[s.remap as usize];
                let next: Vec<Dir> = frame.iter().map(|&d| m[d as usize]).collect();
                walk(topo, s.to, rest, &next, passed, flanks, out);
            }
            passed.pop();
        }
        if s.flank != 0 {
            flanks.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::tests::chess_board;

    #[test]
    fn knight_paths_on_chess() {
        let b = chess_board();
        let t = Topology::build(&b).unwrap();
        let d = |n: &str| b.direction(n).unwrap();
        let c = |n: &str| b.cell(n).unwrap();
        let ends = follow(&t, c("g1"), &[d("n"), d("n"), d("w")]);
        assert_eq!(ends.len(), 1);
        assert_eq!(ends[0].to, c("f3"));
        assert_eq!(ends[0].passed, vec![c("g2"), c("g3")]);
        assert!(follow(&t, c("h1"), &[d("e"), d("e"), d("n")]).is_empty());
        assert!(follow(&t, c("e4"), &[d("n"), d("s")]).is_empty());
    }

    #[test]
    fn other_orders_of_a_leap() {
        let b = chess_board();
        let t = Topology::build(&b).unwrap();
        let d = |n: &str| b.direction(n).unwrap();
        let c = |n: &str| b.cell(n).unwrap();
        let (n, e, w) = (d("n"), d("e"), d("w"));
        assert_eq!(first_order(&t, c("g1"), &[n, n, w]), Some(vec![n, n, w]));
        // h1: e.e.n leaves the board at once, and so does every order.
        assert_eq!(first_order(&t, c("h1"), &[e, e, n]), None);
        // The written order comes first when it stays on the board.
        assert_eq!(first_order(&t, c("h1"), &[w, w, n]), Some(vec![w, w, n]));
        // Standing still is no leap: n.s from e4 leads nowhere in any order.
        assert_eq!(first_order(&t, c("e4"), &[n, d("s")]), None);
    }
}
