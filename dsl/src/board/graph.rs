//! The expanded, validated board graph: the only board representation the
//! interpreter reads.
//!
//! Ids are indices into the vectors below, in declaration order (lattice cells first,
//! in the lattice's row order, then explicit cells). Everything a loader could derive
//! (lattice cells, composite directions, composed remaps) is already expanded here, so
//! `chessgraph board FILE` can print exactly what the engine will use.

use crate::source::SourceFile;
use crate::span::Span;
use std::sync::Arc;

/// Index of a cell in [`BoardGraph::cells`].
pub type CellId = u16;
/// Index of a direction in [`BoardGraph::directions`].
pub type DirId = u8;
/// Index of a remap in [`BoardGraph::remaps`].
pub type RemapId = u8;

/// A whole board.
#[derive(Clone, Debug)]
pub struct BoardGraph {
    /// The board's name (from the file, else the file stem).
    pub name: String,
    /// The file it came from (for diagnostics about cells).
    pub source: Arc<SourceFile>,
    /// Seat names; per-seat zones are indexed like this.
    pub seats: Vec<String>,
    /// Directions, plain and composite.
    pub directions: Vec<Direction>,
    /// Cells.
    pub cells: Vec<Cell>,
    /// Edges, grouped by `from` cell then direction (declaration order within).
    pub edges: Vec<Edge>,
    /// Named and derived direction permutations.
    pub remaps: Vec<Remap>,
    /// Zones.
    pub zones: Vec<Zone>,
    /// Cell order for position strings and text drawings, top row first.
    pub rows: Vec<Vec<CellId>>,
    /// Drawing colour (CSS) for each cell colour name.
    pub palette: Vec<(String, String)>,
    /// Zones tinted in drawings, in written order (the first one wins on a cell in
    /// several).
    pub shade: Vec<Shade>,
    /// Named maps from cells to cells (linked boards), in written order.
    pub maps: Vec<CellMap>,
}

/// A named map from cells to cells (`maps:` in the board file): Alice chess's looking
/// glass between its two boards. Cells without an entry have no image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellMap {
    /// Its name, as rule files write it.
    pub name: String,
    /// `(cell, image)` pairs, in written order (each cell once).
    pub pairs: Vec<(CellId, CellId)>,
}

/// A zone tinted in drawings (`shade:` in the board file): roads, camps, rivers.
/// Only drawings read it; the rules never do.
#[derive(Clone, Debug, PartialEq)]
pub struct Shade {
    /// The zone's name (the drawing's legend shows it).
    pub zone: String,
    /// Its colour: `#rgb`, `#rrggbb` or a CSS colour keyword (checked by the loader).
    pub colour: String,
    /// The zone's cells, in id order; a per-seat zone contributes every seat's cells.
    pub cells: Vec<CellId>,
}

/// A direction.
#[derive(Clone, Debug, PartialEq)]
pub struct Direction {
    /// Name (`n`, `fl`).
    pub name: String,
    /// Its declared opposite.
    pub opposite: DirId,
    /// For composite directions, the paths it was derived from.
    pub composite: Option<Vec<Vec<DirId>>>,
}

/// A cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// Name (`e4`, `2:a3`).
    pub name: String,
    /// Colour name (`dark`), if any.
    pub colour: Option<String>,
    /// Drawing position of the centre, in board units, y growing upwards.
    pub at: (f64, f64),
    /// Drawing outline, if given or derived from the lattice geometry.
    pub polygon: Vec<(f64, f64)>,
    /// Lattice coordinates, for lattice cells.
    pub coords: Option<(i32, i32)>,
    /// Where the cell is defined in the board file (its `name:` value; for lattice
    /// cells the `lattice:` key, since they are not written out).
    pub span: Span,
}

/// A directed edge: a step from `from` in direction `dir` arrives at `to`.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// Start cell.
    pub from: CellId,
    /// Direction of the step.
    pub dir: DirId,
    /// Arrival cell.
    pub to: CellId,
    /// Frame change: the move continues in `remaps[r].map[dir]` and later path steps
    /// are mapped through it too. `None` keeps every direction.
    pub remap: Option<RemapId>,
    /// The step is blocked when every one of these cells is occupied (empty: never).
    pub between: Vec<CellId>,
    /// Rays end on `to`: a slide or hop that takes this edge goes no further (a seam
    /// between boards). Steps and leaps are unaffected.
    pub stop: bool,
}

impl Edge {
    /// The direction a move continues in after this edge.
    pub fn continues(&self, board: &BoardGraph) -> DirId {
        match self.remap {
            Some(r) => board.remaps[r as usize].map[self.dir as usize],
            None => self.dir,
        }
    }
}

/// A permutation of all directions.
#[derive(Clone, Debug, PartialEq)]
pub struct Remap {
    /// Name (`flip`; derived compositions are named like `flip*turn`, the remaps in
    /// the order a composite step crossed them).
    pub name: String,
    /// `map[d]` is the image of direction `d`.
    pub map: Vec<DirId>,
}

/// A named cell set, global or one per seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    /// Name.
    pub name: String,
    /// Its cells.
    pub cells: ZoneCells,
}

/// The cells of a zone.
#[derive(Clone, Debug, PartialEq)]
pub enum ZoneCells {
    /// The same cells for everyone.
    Global(Vec<CellId>),
    /// `per_seat[s]` are the cells for seat `s` (indexed like [`BoardGraph::seats`]).
    PerSeat(Vec<Vec<CellId>>),
}

impl BoardGraph {
    /// Cell id by name.
    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.cells
            .iter()
            .position(|c| c.name == name)
            .map(|i| i as CellId)
    }

    /// Direction id by name.
    pub fn direction(&self, name: &str) -> Option<DirId> {
        self.directions
            .iter()
            .position(|d| d.name == name)
            .map(|i| i as DirId)
    }

    /// Zone by name.
    pub fn zone(&self, name: &str) -> Option<&Zone> {
        self.zones.iter().find(|z| z.name == name)
    }

    /// Seat index by name.
    pub fn seat(&self, name: &str) -> Option<usize> {
        self.seats.iter().position(|s| s == name)
    }

    /// The edges leaving `cell` in `dir` (several when the direction forks).
    pub fn successors(&self, cell: CellId, dir: DirId) -> impl Iterator<Item = &Edge> {
        self.edges
            .iter()
            .filter(move |e| e.from == cell && e.dir == dir)
    }
}
