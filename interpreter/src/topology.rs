//! The board as flat arrays: successors per (cell, direction) and precomputed rays.
//!
//! Built once per variant from the [`BoardGraph`]; move generation and attack
//! detection read only these arrays. A ray is a tree in pre-order: a fork (a direction
//! with several successors) makes several branches, and every node knows where its
//! subtree ends (`skip`), so a blocked node jumps over everything behind it. On a board
//! without forks a ray is a plain list and `skip` is its end.

use crate::cellset::CellSet;
use crate::ids::{Cell, Dir};
use dsl::board::BoardGraph;
use std::collections::HashMap;
use std::ops::Range;

/// `Succ::remap` when the edge keeps every direction.
pub(crate) const NO_REMAP: u8 = u8::MAX;
/// Most nodes in one ray (node indices within a ray are `u16`).
pub(crate) const MAX_RAY_NODES: usize = u16::MAX as usize;
/// Most ray nodes on a whole board (a board that forks everywhere would explode).
pub(crate) const MAX_RAY_POOL: usize = 1 << 21;

/// One edge leaving a cell in a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Succ {
    /// Arrival cell.
    pub to: Cell,
    /// Direction the move continues in after the edge (the remap applied).
    pub dir: Dir,
    /// Remap of the edge, or [`NO_REMAP`].
    pub remap: u8,
    /// Flank id (0: none): the edge is blocked when all of its cells are occupied.
    pub flank: u16,
    /// Rays end after this edge (a seam between boards); compile time only.
    pub stop: bool,
}

/// One node of a ray tree, 16 bytes: attack detection reads everything it needs
/// about a node from one cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(16))]
pub(crate) struct RayNode {
    /// Kinds that, standing on this node, capture the ray's origin by sliding or
    /// stepping back along the ray (filled by `compile::attacks`).
    pub attack: u64,
    /// The cell.
    pub cell: Cell,
    /// Index (within the ray) just after this node's subtree.
    pub skip: u16,
    /// Steps from the ray's origin (1 for the first cell).
    pub depth: u16,
    /// Flank of the edge that enters this node (0: none).
    pub flank: u16,
}

/// A board whose rays exceed the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TopologyError {
    /// The cell whose ray is too large.
    pub cell: Cell,
    /// What went wrong.
    pub message: String,
}

/// Successors, flanks and rays of one board.
#[derive(Clone, Debug)]
pub(crate) struct Topology {
    /// Number of cells.
    pub cells: usize,
    /// Number of directions.
    pub dirs: usize,
    succ_start: Vec<u32>,
    succs: Vec<Succ>,
    flank_start: Vec<u32>,
    flank_cells: Vec<Cell>,
    ray_start: Vec<u32>,
    nodes: Vec<RayNode>,
    node_dir: Vec<Dir>,
    /// Per pool node: entered by a stop edge (compile time only, for attack tables).
    node_stop: Vec<bool>,
    /// Some edge of the board is a stop edge.
    stops: bool,
    /// `remaps[r][d]`: the image of direction `d` under remap `r`.
    pub remaps: Vec<Vec<Dir>>,
    /// `opposite[d]`.
    pub opposite: Vec<Dir>,
    /// Cells that flank some edge: vacating one may open a line.
    pub flank_member: CellSet,
}

impl Topology {
    /// Flattens the board and precomputes every ray.
    pub fn build(board: &BoardGraph) -> Result<Topology, TopologyError> {
        let cells = board.cells.len();
        let dirs = board.directions.len();
        let mut flank_ids: HashMap<Vec<Cell>, u16> = HashMap::new();
        let mut flank_start = vec![0u32, 0u32];
        let mut flank_cells = Vec::new();
        let mut flank_member = CellSet::new(cells);
        let mut per_slot: Vec<Vec<Succ>> = vec![Vec::new(); cells * dirs];
        for e in &board.edges {
            let flank = if e.between.is_empty() {
                0
            } else {
                let key = e.between.clone();
                let next = flank_ids.len() + 1;
                if next > u16::MAX as usize {
                    return Err(TopologyError {
                        cell: e.from,
                        message: "the board has more than 65535 different flank sets".into(),
                    });
                }
                *flank_ids.entry(key).or_insert_with(|| {
                    for &c in &e.between {
                        flank_cells.push(c);
                        flank_member.insert(c);
                    }
                    flank_start.push(flank_cells.len() as u32);
                    next as u16
                })
            };
            per_slot[e.from as usize * dirs + e.dir as usize].push(Succ {
                to: e.to,
                dir: e.continues(board),
                remap: e.remap.unwrap_or(NO_REMAP),
                flank,
                stop: e.stop,
            });
        }
        let mut succ_start = Vec::with_capacity(cells * dirs + 1);
        let mut succs = Vec::new();
        for slot in &per_slot {
            succ_start.push(succs.len() as u32);
            succs.extend_from_slice(slot);
        }
        succ_start.push(succs.len() as u32);
        let mut topo = Topology {
            cells,
            dirs,
            succ_start,
            succs,
            flank_start,
            flank_cells,
            ray_start: Vec::with_capacity(cells * dirs + 1),
            nodes: Vec::new(),
            node_dir: Vec::new(),
            node_stop: Vec::new(),
            stops: board.edges.iter().any(|e| e.stop),
            remaps: board.remaps.iter().map(|r| r.map.clone()).collect(),
            opposite: board.directions.iter().map(|d| d.opposite).collect(),
            flank_member,
        };
        topo.build_rays()?;
        Ok(topo)
    }

    fn build_rays(&mut self) -> Result<(), TopologyError> {
        let mut on_branch = vec![false; self.cells];
        for cell in 0..self.cells as Cell {
            for dir in 0..self.dirs as Dir {
                self.ray_start.push(self.nodes.len() as u32);
                let start = self.nodes.len();
                on_branch[cell as usize] = true;
                let mut b = RayBuilder {
                    topo: self,
                    on_branch: &mut on_branch,
                    start,
                    origin: cell,
                };
                b.grow(cell, dir, 0)?;
                on_branch[cell as usize] = false;
            }
        }
        self.ray_start.push(self.nodes.len() as u32);
        Ok(())
    }

    /// The edges leaving `cell` in `dir` (several at a fork).
    #[inline]
    pub fn succ(&self, cell: Cell, dir: Dir) -> &[Succ] {
        let i = cell as usize * self.dirs + dir as usize;
        &self.succs[self.succ_start[i] as usize..self.succ_start[i + 1] as usize]
    }

    /// The cells of flank `id` (empty for 0).
    #[inline]
    pub fn flank(&self, id: u16) -> &[Cell] {
        let i = id as usize;
        &self.flank_cells[self.flank_start[i] as usize..self.flank_start[i + 1] as usize]
    }

    /// True when flank `id` blocks: every one of its cells is occupied.
    #[inline]
    pub fn flank_blocked(&self, id: u16, board: &[u8]) -> bool {
        id != 0 && self.flank(id).iter().all(|&c| board[c as usize] != 0)
    }

    /// Id of the ray from `cell` in `dir`.
    #[inline]
    pub fn ray_id(&self, cell: Cell, dir: Dir) -> u32 {
        (cell as usize * self.dirs + dir as usize) as u32
    }

    /// Range in the node pool of ray `id`.
    #[inline]
    pub fn ray_range(&self, id: u32) -> Range<usize> {
        self.ray_start[id as usize] as usize..self.ray_start[id as usize + 1] as usize
    }

    /// The nodes of ray `id`.
    #[inline]
    pub fn ray(&self, id: u32) -> &[RayNode] {
        &self.nodes[self.ray_range(id)]
    }

    /// Number of nodes in the pool of all rays.
    pub fn pool_len(&self) -> usize {
        self.nodes.len()
    }

    /// Sets the attack mask of pool node `i`.
    pub fn set_attack(&mut self, i: usize, kinds: u64) {
        self.nodes[i].attack = kinds;
    }

    /// The direction a ray continues in after pool node `i`.
    pub fn node_dir(&self, i: usize) -> Dir {
        self.node_dir[i]
    }

    /// Whether pool node `i` was entered by a stop edge (it ends its branch). A piece
    /// there cannot slide back along the ray beyond its first cell.
    pub fn node_stop(&self, i: usize) -> bool {
        self.node_stop[i]
    }

    /// The flanks of the edges from the ray's origin to node `i`, node `i`'s included.
    pub fn path_flanks(&self, ray: &[RayNode], i: usize) -> Vec<u16> {
        let mut out: Vec<u16> = (0..i)
            .filter(|&j| ray[j].skip as usize > i && ray[j].flank != 0)
            .map(|j| ray[j].flank)
            .collect();
        if ray[i].flank != 0 {
            out.push(ray[i].flank);
        }
        out
    }

    /// True when some (cell, direction) has a stop edge.
    pub fn has_stops(&self) -> bool {
        self.stops
    }

    /// The cells strictly between the ray's origin and node `i` of the ray (its
    /// ancestors in the tree), origin side first.
    pub fn passed(&self, ray: &[RayNode], i: usize) -> Vec<Cell> {
        let mut out = Vec::new();
        for_each_passed(ray, i, |c| out.push(c));
        out.reverse();
        out
    }

    /// True when some edge of the board has flank cells.
    pub fn has_flanks(&self) -> bool {
        !self.flank_member.is_empty()
    }
}

/// Calls `f` with the ancestors of node `i` of a ray, nearest first (no allocation).
#[inline]
pub(crate) fn for_each_passed(ray: &[RayNode], i: usize, mut f: impl FnMut(Cell)) {
    let mut want = ray[i].depth.saturating_sub(1);
    for j in (0..i).rev() {
        if want == 0 {
            break;
        }
        if ray[j].depth == want && ray[j].skip as usize > i {
            f(ray[j].cell);
            want -= 1;
        }
    }
}

/// Grows one ray tree depth first, refusing cells already on the branch.
struct RayBuilder<'a> {
    topo: &'a mut Topology,
    on_branch: &'a mut [bool],
    start: usize,
    origin: Cell,
}

impl RayBuilder<'_> {
    fn grow(&mut self, cell: Cell, dir: Dir, depth: u16) -> Result<(), TopologyError> {
        let range = {
            let i = cell as usize * self.topo.dirs + dir as usize;
            self.topo.succ_start[i] as usize..self.topo.succ_start[i + 1] as usize
        };
        for k in range {
            let s = self.topo.succs[k];
            if self.on_branch[s.to as usize] {
                continue;
            }
            let idx = self.topo.nodes.len();
            if idx - self.start >= MAX_RAY_NODES || idx >= MAX_RAY_POOL {
                return Err(TopologyError {
                    cell: self.origin,
                    message: format!(
                        "the rays of this board fork too often: more than {} cells on one ray or {} on all",
                        MAX_RAY_NODES, MAX_RAY_POOL
                    ),
                });
            }
            self.topo.nodes.push(RayNode {
                attack: 0,
                cell: s.to,
                skip: 0,
                depth: depth + 1,
                flank: s.flank,
            });
            self.topo.node_dir.push(s.dir);
            self.topo.node_stop.push(s.stop);
            // A stop edge (a seam) ends the ray on the cell it reaches: the tree has no
            // children there, so moves and attacks alike go no further, at no cost.
            if !s.stop {
                self.on_branch[s.to as usize] = true;
                let r = self.grow(s.to, s.dir, depth + 1);
                self.on_branch[s.to as usize] = false;
                r?;
            }
            self.topo.nodes[idx].skip = (self.topo.nodes.len() - self.start) as u16;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use dsl::board::load_board;
    use dsl::SourceFile;

    /// The chess board of `variants/chess`.
    pub(crate) fn chess_board() -> BoardGraph {
        let text = include_str!("../../variants/chess/board.yaml");
        load_board(&SourceFile::new("board.yaml", text)).unwrap().0
    }

    #[test]
    fn stop_edges_end_rays_on_the_first_cell_across() {
        let text = r#"
directions:
  e: { opposite: w }
  w: { opposite: e }
cells:
  - { name: "1:a", links: { e: "1:b" } }
  - { name: "1:b", links: { w: "1:a", e: { to: "2:a", stop: true } } }
  - { name: "2:a", links: { w: { to: "1:b", stop: true }, e: "2:b" } }
  - { name: "2:b", links: { w: "2:a" } }
rows: [["1:a", "1:b", "2:a", "2:b"]]
"#;
        let b = load_board(&SourceFile::new("seam.yaml", text)).unwrap().0;
        let t = Topology::build(&b).unwrap();
        let names = |from: &str, d: &str| -> Vec<String> {
            let ray = t.ray(t.ray_id(b.cell(from).unwrap(), b.direction(d).unwrap()));
            ray.iter()
                .map(|n| b.cells[n.cell as usize].name.clone())
                .collect()
        };
        assert_eq!(names("1:a", "e"), ["1:b", "2:a"]);
        assert_eq!(names("1:b", "e"), ["2:a"]);
        assert_eq!(names("2:b", "w"), ["2:a", "1:b"]);
        assert_eq!(names("2:a", "e"), ["2:b"]);
        // Single steps still cross: the successor list is unchanged.
        assert_eq!(
            t.succ(b.cell("1:b").unwrap(), b.direction("e").unwrap())
                .len(),
            1
        );
    }

    #[test]
    fn chess_rays_are_lines() {
        let b = chess_board();
        let t = Topology::build(&b).unwrap();
        let a1 = b.cell("a1").unwrap();
        let ne = b.direction("ne").unwrap();
        let ray = t.ray(t.ray_id(a1, ne));
        let names: Vec<&str> = ray
            .iter()
            .map(|n| b.cells[n.cell as usize].name.as_str())
            .collect();
        assert_eq!(names, ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
        assert!(ray.iter().all(|n| n.skip as usize == ray.len()));
        assert_eq!(ray[6].depth, 7);
        assert_eq!(
            t.passed(ray, 3),
            vec![
                b.cell("b2").unwrap(),
                b.cell("c3").unwrap(),
                b.cell("d4").unwrap()
            ]
        );
        assert!(!t.has_flanks());
    }

    #[test]
    fn forks_make_trees_and_cycles_end() {
        let text = "name: ring\nseats: [a]\ndirections:\n  cw: { opposite: ccw }\n  ccw: { opposite: cw }\n  x: { opposite: x }\ncells:\n  - { name: p, at: [0, 0], links: { cw: q, ccw: r, x: [q, r] } }\n  - { name: q, at: [1, 0], links: { cw: r, ccw: p, x: p } }\n  - { name: r, at: [2, 0], links: { cw: p, ccw: q, x: p } }\n";
        let (b, _) = load_board(&SourceFile::new("ring.yaml", text)).unwrap();
        let t = Topology::build(&b).unwrap();
        let p = b.cell("p").unwrap();
        let cw = b.direction("cw").unwrap();
        // p -> q -> r, then p again: the cycle ends the ray.
        let ray = t.ray(t.ray_id(p, cw));
        assert_eq!(ray.len(), 2);
        // x forks at p into q and r; each branch ends when it would return to p.
        let x = b.direction("x").unwrap();
        let ray = t.ray(t.ray_id(p, x));
        assert_eq!(ray.len(), 2);
        assert_eq!(ray[0].skip, 1);
        assert_eq!(ray[1].skip, 2);
        assert_eq!(t.succ(p, x).len(), 2);
    }
}
