//! Which atoms' moves may be counted without being listed ([`crate::leaf_count`]):
//! target and slide atoms none of whose targets promotes. (A cell whose atoms may make
//! a move twice, `Tables::dedupe`, is listed whole by the count.) Read after the
//! promotions are compiled.

use crate::ids::Kind;
use crate::tables::{Op, Tables};
use crate::topology::Topology;

/// Sets `Atom::countable` on every atom of `t`.
pub(crate) fn mark(t: &mut Tables, topo: &Topology, kinds: usize) {
    for kind in 0..kinds {
        for from in 0..t.cells {
            let slot = t.slot(kind as Kind, from as u16);
            let range = t.atom_start[slot] as usize..t.atom_start[slot + 1] as usize;
            for i in range {
                let a = t.atoms[i];
                let countable = match a.op {
                    Op::Targets => t
                        .targets_of(&a)
                        .iter()
                        .all(|x| t.promotion_of(kind as Kind, from as u16, x.to) == 0),
                    Op::Slide => t.rays_of(&a).iter().all(|&rid| {
                        topo.ray(rid)
                            .iter()
                            .all(|n| t.promotion_of(kind as Kind, from as u16, n.cell) == 0)
                    }),
                    _ => false,
                };
                t.atoms[i].countable = countable;
            }
        }
    }
}
