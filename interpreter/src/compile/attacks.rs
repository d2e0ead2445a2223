//! Attack tables: which kinds, standing where, capture on a cell.
//!
//! For every node of every ray from a cell O, the mask of kinds that standing on the
//! node capture O by sliding or stepping back along the ray. The board is reversible
//! (the loader checks it), so the way back from the node is the node's opposite of
//! its continuing direction, and it passes exactly the cells the forward walk passed.
//! Leaps and dotted steps get per-cell source lists. Hops over any screen get masks of
//! their own per node (see [`Tables::hop_attack`]). `first` captures, capture filters
//! and hops restricted to some screens are not in the tables: those kinds are
//! "irregular" and tested by generating captures.

use super::atoms::SlotAttack;
use crate::ids::{bit, Cell, Kind};
use crate::tables::{LeapSource, Op, Tables};
use crate::topology::Topology;

/// Fills the attack masks, leap sources and quick-reject masks of `t`.
pub(crate) fn compile(
    slots: &[SlotAttack],
    kinds: usize,
    irregular: u64,
    topo: &mut Topology,
    t: &mut Tables,
) {
    let cells = topo.cells;
    // Per attacker cell: the kinds with ray attacks there.
    let mut at_cell: Vec<Vec<(Kind, &SlotAttack)>> = vec![Vec::new(); cells];
    for k in 0..kinds {
        for (c, list) in at_cell.iter_mut().enumerate() {
            let a = &slots[k * cells + c];
            if !a.slides.is_empty() || !a.steps.is_empty() {
                list.push((k as Kind, a));
            }
        }
    }
    t.reach = vec![0; cells];
    t.ray_kinds = vec![(0, 0); cells * topo.dirs];
    hop_masks(slots, kinds, topo, t);
    for origin in 0..cells as Cell {
        for d in 0..topo.dirs as u8 {
            let id = topo.ray_id(origin, d);
            let start = topo.ray_range(id).start;
            for j in 0..topo.ray(id).len() {
                let node = topo.ray(id)[j];
                let i = start + j;
                let back = topo.opposite[topo.node_dir(i) as usize];
                let mut mask = 0u64;
                for &(k, a) in &at_cell[node.cell as usize] {
                    // Across a stop edge (a seam) a slide goes one cell only: a piece
                    // on a node entered by one reaches the origin only from depth 1.
                    // (The other way, a slide from the far side of the seam into the
                    // origin, is a leap source: see `compile::atoms`.)
                    let stopped = node.depth > 1 && topo.node_stop(i);
                    let slides = !stopped
                        && a.slides.iter().any(|s| {
                            s.dirs & (1 << back) != 0
                                && node.depth >= s.min
                                && node.depth <= s.max
                                && (s.into == 0 || t.zones[s.into as usize - 1].contains(origin))
                        });
                    let steps = node.depth == 1
                        && a.steps.iter().any(|&(dir, to)| dir == back && to == origin);
                    if slides || steps {
                        mask |= bit(k);
                    }
                }
                topo.set_attack(i, mask);
                t.reach[origin as usize] |= mask;
                let rk = &mut t.ray_kinds[id as usize];
                rk.0 |= mask;
                if node.depth > 1 {
                    rk.1 |= mask;
                }
            }
        }
    }
    // Leap sources, grouped by (from, conditions).
    let mut per_target: Vec<Vec<LeapSource>> = vec![Vec::new(); cells];
    for k in 0..kinds {
        for from in 0..cells {
            for &(to, need) in &slots[k * cells + from].leaps {
                let list = &mut per_target[to as usize];
                match list
                    .iter_mut()
                    .find(|s| s.from as usize == from && s.need == need)
                {
                    Some(s) => s.kinds |= bit(k as Kind),
                    None => list.push(LeapSource {
                        from: from as Cell,
                        need,
                        kinds: bit(k as Kind),
                    }),
                }
            }
        }
    }
    t.leap_start = Vec::with_capacity(cells + 1);
    t.leap_kinds = vec![0; cells];
    t.leaps.clear();
    // Hops are not pins: a move may open or close a screen anywhere on the line.
    t.pin_unsafe = irregular | t.hop_kinds;
    for (c, list) in per_target.into_iter().enumerate() {
        t.leap_start.push(t.leaps.len() as u32);
        for s in list {
            t.reach[c] |= s.kinds;
            t.leap_kinds[c] |= s.kinds;
            if s.need != 0 {
                t.pin_unsafe |= s.kinds;
            }
            t.leaps.push(s);
        }
    }
    t.leap_start.push(t.leaps.len() as u32);
    t.irregular = irregular;
    ep_takers(kinds, cells, t);
}

/// The hop masks: for every node of every ray from a cell O, the kinds that standing
/// on the node capture O by hopping back along the ray, when exactly one piece stands
/// between (`far` hops), or when that one piece stands next to O (plain hops).
fn hop_masks(slots: &[SlotAttack], kinds: usize, topo: &Topology, t: &mut Tables) {
    let cells = topo.cells;
    t.hop_attack.clear();
    t.ray_hops = vec![0; cells * topo.dirs];
    t.hop_kinds = 0;
    if slots.iter().all(|a| a.hops.is_empty()) {
        return;
    }
    t.hop_attack = vec![(0, 0); topo.pool_len()];
    for origin in 0..cells as Cell {
        for d in 0..topo.dirs as u8 {
            let id = topo.ray_id(origin, d);
            let start = topo.ray_range(id).start;
            for (j, node) in topo.ray(id).iter().enumerate() {
                let i = start + j;
                let back = topo.opposite[topo.node_dir(i) as usize];
                let (mut near, mut far) = (0u64, 0u64);
                for k in 0..kinds {
                    for h in &slots[k * cells + node.cell as usize].hops {
                        if h.dirs & (1 << back) != 0
                            && node.depth >= h.min
                            && node.depth <= h.max
                            && (h.into == 0 || t.zones[h.into as usize - 1].contains(origin))
                        {
                            if h.far {
                                far |= bit(k as Kind);
                            } else {
                                near |= bit(k as Kind);
                            }
                        }
                    }
                }
                t.hop_attack[i] = (near, far);
                t.ray_hops[id as usize] |= near | far;
                t.reach[origin as usize] |= near | far;
                t.hop_kinds |= near | far;
            }
        }
    }
}

/// Per cell, the pieces whose `en passant` rules reach it ([`Tables::ep_takers`]).
fn ep_takers(kinds: usize, cells: usize, t: &mut Tables) {
    let mut per_target: Vec<Vec<LeapSource>> = vec![Vec::new(); cells];
    for k in 0..kinds {
        for from in 0..cells {
            for a in t.atoms(t.slot(k as Kind, from as Cell)) {
                if a.op != Op::EpCapture {
                    continue;
                }
                for x in t.targets_of(a) {
                    let list = &mut per_target[x.to as usize];
                    match list
                        .iter_mut()
                        .find(|s| s.from as usize == from && s.need == x.need)
                    {
                        Some(s) => s.kinds |= bit(k as Kind),
                        None => list.push(LeapSource {
                            from: from as Cell,
                            need: x.need,
                            kinds: bit(k as Kind),
                        }),
                    }
                }
            }
        }
    }
    t.ep_taker_start = Vec::with_capacity(cells + 1);
    t.ep_takers.clear();
    for list in per_target {
        t.ep_taker_start.push(t.ep_takers.len() as u32);
        t.ep_takers.extend(list);
    }
    t.ep_taker_start.push(t.ep_takers.len() as u32);
}

#[cfg(test)]
mod tests {
    use crate::ids::bit;
    use crate::testing::chess;

    #[test]
    fn chess_masks() {
        let v = chess();
        let topo = &v.topo;
        let rook = v.kind(v.piece_type_by_letter('R').unwrap(), 0);
        let king = v.kind(v.piece_type_by_letter('K').unwrap(), 0);
        let pawn = v.kind(v.piece_type_by_letter('P').unwrap(), 0);
        let (a8, s) = (v.cell("a8").unwrap(), v.board().direction("s").unwrap());
        let ray = topo.ray(topo.ray_id(a8, s));
        assert!(ray.iter().all(|n| n.attack & bit(rook) != 0));
        assert!(ray[0].attack & bit(king) != 0 && ray[1].attack & bit(king) == 0);
        // A white pawn on d3 captures e4: the ray from e4 going south-west.
        let (e4, sw) = (v.cell("e4").unwrap(), v.board().direction("sw").unwrap());
        assert!(topo.ray(topo.ray_id(e4, sw))[0].attack & bit(pawn) != 0);
        let (e4, s) = (v.cell("e4").unwrap(), s);
        assert!(
            topo.ray(topo.ray_id(e4, s))[0].attack & bit(pawn) == 0,
            "pawns push, not capture, forward"
        );
        assert_eq!(
            v.tables.leaps_to(v.cell("a1").unwrap()).len(),
            2,
            "two knight cells"
        );
        assert_eq!(v.tables.irregular, 0);
        assert_eq!(v.tables.pin_unsafe, 0);
    }
}
