//! Expands composite directions into edges.
//!
//! A composite direction such as `fl: [[f, l], [l, f]]` is a set of paths of plain
//! directions. From every cell each path is walked step by step along the plain edges.
//! Frames change on the way: after an edge with remap `m`, the remaining steps are
//! mapped through `m`, so a path step `s` is taken as `perm(s)`, where `perm` is the
//! composition of the remaps passed so far (`perm' = m ∘ perm`). Every distinct
//! endpoint becomes a successor: where the two orders of a diagonal reach different
//! cells (the centre of the three-player board) the direction forks. The edge's remap
//! is the composed `perm`, interned into the board's remaps (`None` for the identity),
//! so the move continues in `perm(fl)` exactly as if it had taken the steps one by one.

use super::draft::{Draft, Origin};
use super::graph::{CellId, DirId, Edge, RemapId};
use super::locate::YamlPath;
use super::remaps;
use super::report::Reporter;

/// Most partial walks followed for one path from one cell; forks multiply them.
const MAX_WALKS: usize = 64;

/// One partial walk: where it is, the frame it is in, and the remaps it passed.
#[derive(Clone)]
struct Walk {
    cell: CellId,
    perm: Vec<DirId>,
    passed: Vec<RemapId>,
    /// Some edge of the walk stops rays: so does the composite edge.
    stop: bool,
}

/// Adds the edges of every composite direction. Needs the plain edges sorted.
pub(crate) fn expand(d: &mut Draft, rep: &mut Reporter) {
    let comps: Vec<(DirId, Vec<Vec<DirId>>)> = d
        .composite
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.clone().map(|c| (i as DirId, c)))
        .collect();
    if comps.is_empty() || d.remap_ok.iter().any(|ok| !ok) {
        // A broken remap would make every frame after it wrong; its error is enough.
        return;
    }
    let index = d.edge_index();
    let identity: Vec<DirId> = (0..d.dir_count() as DirId).collect();
    let mut new_edges = Vec::new();
    let mut reported = vec![false; d.dir_count()];
    for cell in 0..d.cells.len() as CellId {
        for (dir, paths) in &comps {
            let mut ends: Vec<Walk> = Vec::new();
            for path in paths {
                let Some(walks) = walk(d, &index, cell, path, &identity) else {
                    if !std::mem::replace(&mut reported[*dir as usize], true) {
                        report(rep, d, *dir, cell, "forks into too many walks");
                    }
                    continue;
                };
                for w in walks {
                    match ends.iter_mut().find(|e| e.cell == w.cell) {
                        Some(e) if e.perm != w.perm => {
                            if !std::mem::replace(&mut reported[*dir as usize], true) {
                                let why = format!(
                                    "reaches `{}` in two different frames",
                                    d.cell_name(w.cell)
                                );
                                report(rep, d, *dir, cell, &why);
                            }
                        }
                        Some(e) => e.stop |= w.stop,
                        None => ends.push(w),
                    }
                }
            }
            for end in ends {
                new_edges.push((*dir, cell, end));
            }
        }
    }
    for (dir, from, end) in new_edges {
        let remap = match remaps::intern(d, &end.perm, &end.passed) {
            Ok(r) => r,
            Err(()) => {
                rep.error(
                    "board::too-many-remaps",
                    "composite directions compose more than 256 different remaps",
                    rep.key(&YamlPath::root().key("composite")),
                    "here",
                    "use fewer frame changes",
                );
                return;
            }
        };
        let path = composite_path(d, dir);
        d.add_edge(
            Edge {
                from,
                dir,
                to: end.cell,
                remap,
                between: Vec::new(),
                stop: end.stop,
            },
            Origin::Composite(path),
        );
    }
}

/// All endpoints of `path` from `start`; `None` when the walks fork beyond
/// [`MAX_WALKS`].
fn walk(
    d: &Draft,
    index: &[usize],
    start: CellId,
    path: &[DirId],
    identity: &[DirId],
) -> Option<Vec<Walk>> {
    let mut walks = vec![Walk {
        cell: start,
        perm: identity.to_vec(),
        passed: Vec::new(),
        stop: false,
    }];
    for &step in path {
        let mut next = Vec::new();
        for w in &walks {
            let actual = w.perm[step as usize];
            for e in d.out(index, w.cell, actual) {
                let mut n = Walk {
                    cell: e.to,
                    perm: w.perm.clone(),
                    passed: w.passed.clone(),
                    stop: w.stop || e.stop,
                };
                if let Some(r) = e.remap {
                    let m = &d.remaps[r as usize].map;
                    n.perm = w.perm.iter().map(|&p| m[p as usize]).collect();
                    n.passed.push(r);
                }
                next.push(n);
                if next.len() > MAX_WALKS {
                    return None;
                }
            }
        }
        walks = next;
    }
    Some(walks)
}

/// The YAML path of a composite direction's entry.
fn composite_path(d: &Draft, dir: DirId) -> YamlPath {
    YamlPath::root().key("composite").key(d.dir_name(dir))
}

fn report(rep: &mut Reporter, d: &Draft, dir: DirId, cell: CellId, why: &str) {
    let name = d.dir_name(dir);
    rep.error(
        "board::composite-expansion",
        format!(
            "composite direction `{name}` {why} from cell `{}`",
            d.cell_name(cell)
        ),
        rep.key(&composite_path(d, dir)),
        "this composite direction",
        format!(
            "check the paths of `{name}` and the remaps of the edges they cross: a \
             composite step must end in one frame per cell"
        ),
    );
}
