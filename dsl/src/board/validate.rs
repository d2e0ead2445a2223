//! Checks on the expanded edges: successor counts, reversibility, isolated cells.
//!
//! Reversibility is an error, not a warning: the interpreter detects attacks by
//! walking rays backwards from the attacked cell, so every edge `(u, d) -> (v, d')`
//! (`d'` the direction the move continues in) needs the edge
//! `(v, opp(d')) -> (u, opp(d))`, with the same flank cells. Without it a piece could
//! attack a cell that the backward walk never reaches.

use super::draft::{Draft, Origin};
use super::graph::{CellId, DirId, Edge};
use super::locate::YamlPath;
use super::remaps::quoted_list;
use super::report::Reporter;
use crate::limits::MAX_SUCCESSORS;
use std::collections::BTreeMap;

/// Runs every check; the edges must be sorted.
pub(crate) fn check(d: &Draft, rep: &mut Reporter) {
    let index = d.edge_index();
    successor_counts(d, &index, rep);
    reversibility(d, &index, rep);
    // After an error, isolated cells are usually its echo (a rejected vector or link).
    if rep.error_count() == 0 {
        isolated_cells(d, rep);
    }
}

fn successor_counts(d: &Draft, index: &[usize], rep: &mut Reporter) {
    let dirs = d.dir_count();
    for k in 0..d.cells.len() * dirs {
        let n = index[k + 1] - index[k];
        if n > MAX_SUCCESSORS {
            let e = &d.edges[index[k]];
            rep.error(
                "board::successor-count",
                format!(
                    "cell `{}` has {n} successors in direction `{}`; at most {MAX_SUCCESSORS} \
                     are allowed",
                    d.cell_name(e.from),
                    d.dir_name(e.dir)
                ),
                rep.value(d.origins[index[k]].path()),
                "from here",
                "rays fork at most eight ways; check the links and composite paths of this \
                 direction",
            );
        }
    }
}

/// What is wrong with the way back of one edge.
enum Missing {
    /// No edge from `v` in `opp(d')` reaches `u`.
    NoEdge,
    /// It reaches `u` but continues in the wrong direction.
    WrongDirection(DirId),
    /// It reaches `u` with other flank cells.
    OtherFlanks,
    /// It reaches `u` but only one of the two edges stops rays.
    OtherStop,
}

fn reversibility(d: &Draft, index: &[usize], rep: &mut Reporter) {
    // Generated edges are reported once per vector or composite direction (with a
    // count and an example); written links once per link.
    let mut grouped: BTreeMap<String, (usize, usize, Missing)> = BTreeMap::new();
    for (i, e) in d.edges.iter().enumerate() {
        let cont = d.continues(e);
        if !d.dir_ok[e.dir as usize] || !d.dir_ok[cont as usize] {
            continue;
        }
        let back_dir = d.opposite[cont as usize];
        let want = d.opposite[e.dir as usize];
        if d.broken.contains(&(e.to, back_dir)) {
            continue;
        }
        let back: Vec<&Edge> = d
            .out(index, e.to, back_dir)
            .iter()
            .filter(|b| b.to == e.from)
            .collect();
        let missing = if back.is_empty() {
            Missing::NoEdge
        } else if let Some(b) = back.iter().find(|b| d.continues(b) == want) {
            if !same_cells(&b.between, &e.between) {
                Missing::OtherFlanks
            } else if b.stop != e.stop {
                Missing::OtherStop
            } else {
                continue;
            }
        } else {
            Missing::WrongDirection(d.continues(back[0]))
        };
        match &d.origins[i] {
            Origin::Link(_) => report(d, i, &missing, 1, rep),
            origin => {
                let slot = grouped
                    .entry(origin.path().to_string())
                    .or_insert((i, 0, missing));
                slot.1 += 1;
            }
        }
    }
    for (_, (i, count, missing)) in grouped {
        report(d, i, &missing, count, rep);
    }
}

fn same_cells(a: &[CellId], b: &[CellId]) -> bool {
    a.len() == b.len() && a.iter().all(|c| b.contains(c))
}

/// Reports the missing way back of edge `i` (and of `count - 1` more like it).
fn report(d: &Draft, i: usize, missing: &Missing, count: usize, rep: &mut Reporter) {
    let e = &d.edges[i];
    let cont = d.continues(e);
    let back_dir = d.opposite[cont as usize];
    let want = d.opposite[e.dir as usize];
    let (u, v) = (d.cell_name(e.from), d.cell_name(e.to));
    let (dn, bn, wn) = (d.dir_name(e.dir), d.dir_name(back_dir), d.dir_name(want));
    let origin = &d.origins[i];
    let span = match origin {
        Origin::Link(p) => rep.value(p),
        Origin::Vector(p) | Origin::Composite(p) => rep.key(p),
    };
    let edge = format!("`{u}` {dn} -> `{v}`");
    let more = if count > 1 {
        format!(" (and {} more edges like it)", count - 1)
    } else {
        String::new()
    };
    let (code, message, help) = match missing {
        Missing::NoEdge => (
            "board::one-way",
            format!("one-way edge {edge}: `{v}` has no edge `{bn}` back to `{u}`{more}"),
            back_help(d, e, origin),
        ),
        Missing::WrongDirection(got) => (
            "board::one-way",
            format!(
                "edge {edge} comes back from `{v}` going `{bn}`, but continues in `{}` \
                 instead of `{wn}`{more}",
                d.dir_name(*got)
            ),
            format!(
                "the way back must continue in `{wn}` (the opposite of `{dn}`); give the \
                 link from `{v}` the remap that maps `{bn}` to `{wn}`"
            ),
        ),
        Missing::OtherStop => (
            "board::asymmetric-stop",
            format!("edge {edge} stops rays but its way back does not, or the reverse{more}"),
            format!(
                "give the link `{bn}` of `{v}` the same `stop` as this one, so a seam \
                 stops moves and attacks alike in both directions"
            ),
        ),
        Missing::OtherFlanks => (
            "board::asymmetric-between",
            format!("edge {edge} and its way back pass between different cells{more}"),
            format!(
                "give the link `{bn}` of `{v}` the same `between` cells as this one, so \
                 blocking works the same in both directions"
            ),
        ),
    };
    rep.error(code, message, span, "no way back", help);
}

/// How to add the missing way back of `e`.
fn back_help(d: &Draft, e: &Edge, origin: &Origin) -> String {
    let cont = d.continues(e);
    let back_dir = d.opposite[cont as usize];
    let want = d.opposite[e.dir as usize];
    let (u, v) = (d.cell_name(e.from), d.cell_name(e.to));
    let (bn, dn) = (d.dir_name(back_dir), d.dir_name(e.dir));
    match origin {
        Origin::Vector(_) => format!(
            "give the opposite direction `{bn}` the opposite vector (and mirrored flanks) \
             under `lattice.vectors`, so every step can be walked backwards"
        ),
        Origin::Composite(_) => format!(
            "the paths of `{dn}` and of its opposite `{}` must retrace each other; check \
             both under `composite:` and the remaps of the edges they cross",
            d.dir_name(want)
        ),
        Origin::Link(_) => {
            let remap = if back_dir == want {
                String::new()
            } else {
                match back_remap(d, e, back_dir, want) {
                    Some(r) => format!(", remap: {}", d.remaps[r].name),
                    None => format!(", remap: <one that maps {bn} to {}>", d.dir_name(want)),
                }
            };
            let between: Vec<&str> = e.between.iter().map(|&c| d.cell_name(c)).collect();
            let between = if between.is_empty() {
                String::new()
            } else {
                format!(", between: [{}]", between.join(", "))
            };
            let target = if remap.is_empty() && between.is_empty() {
                u.to_owned()
            } else {
                format!("{{ to: {u}{remap}{between} }}")
            };
            let is_explicit = d.cells[e.to as usize].coords.is_none();
            if is_explicit {
                format!(
                    "add `{bn}: {target}` to the links of cell `{v}`: attack detection walks \
                     every edge backwards"
                )
            } else {
                format!(
                    "`{v}` is a lattice cell and cannot get the link `{bn}: {target}`; link to \
                     an explicit cell instead"
                )
            }
        }
    }
}

/// A named remap that makes the way back of `e` continue in `want`: the inverse of
/// `e`'s own remap when there is one with that map, else any that fits.
fn back_remap(d: &Draft, e: &Edge, back_dir: DirId, want: DirId) -> Option<usize> {
    let fits = |r: &&super::graph::Remap| r.map.get(back_dir as usize) == Some(&want);
    let inverse = e.remap.map(|r| {
        let m = &d.remaps[r as usize].map;
        let mut inv = vec![0 as DirId; m.len()];
        for (i, &x) in m.iter().enumerate() {
            if let Some(slot) = inv.get_mut(x as usize) {
                *slot = i as DirId;
            }
        }
        inv
    });
    d.remaps
        .iter()
        .position(|r| Some(&r.map) == inverse.as_ref() && fits(&r))
        .or_else(|| d.remaps.iter().position(|r| fits(&r)))
}

fn isolated_cells(d: &Draft, rep: &mut Reporter) {
    let mut touched = vec![false; d.cells.len()];
    for e in &d.edges {
        touched[e.from as usize] = true;
        touched[e.to as usize] = true;
    }
    let help = "no piece can ever move to or from it; add links, or remove the cell";
    let mut lattice: Vec<&str> = Vec::new();
    for (c, cell) in d.cells.iter().enumerate() {
        if touched[c] {
            continue;
        }
        if cell.coords.is_some() {
            lattice.push(&cell.name);
            continue;
        }
        rep.warning(
            "board::isolated-cell",
            format!("cell `{}` has no link in or out", cell.name),
            cell.span,
            "isolated cell",
            help,
        );
    }
    if !lattice.is_empty() {
        rep.warning(
            "board::isolated-cell",
            format!(
                "lattice cell{} {} ha{} no link in or out",
                if lattice.len() == 1 { "" } else { "s" },
                quoted_list(&lattice),
                if lattice.len() == 1 { "s" } else { "ve" },
            ),
            rep.key(&YamlPath::root().key("lattice")),
            "generated here",
            "give the lattice `vectors:` that reach these cells, or drop them with `keep:`",
        );
    }
}
