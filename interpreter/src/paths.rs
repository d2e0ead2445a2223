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
}
