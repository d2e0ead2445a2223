//! The board file as written: serde types for the YAML schema of ARCHITECTURE.md
//! section 2.
//!
//! These types mirror the text, not the graph: names are still strings, the lattice
//! is not expanded and nothing is validated beyond the shape of the data. Keeping the
//! two apart lets the loader report *every* semantic problem with a span, instead of
//! failing inside serde at the first one. Every struct denies unknown keys, so a typo
//! such as `link:` for `links:` is an error and not silently ignored.
//!
//! Mappings whose keys are names (directions, remaps, zones, ...) are read into
//! [`NamedList`], which keeps the written order (direction ids follow it) and keeps
//! duplicate keys so the loader can point at the second one.

mod de;

use serde::Deserialize;

/// An ordered `name: value` mapping that keeps every entry, duplicates included.
///
/// A `HashMap` would lose the order (ids are assigned in declaration order) and would
/// silently keep only one of two entries with the same name.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedList<T>(pub Vec<(String, T)>);

impl<T> Default for NamedList<T> {
    fn default() -> Self {
        NamedList(Vec::new())
    }
}

impl<T> NamedList<T> {
    /// The entries in written order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &T)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Number of entries, duplicates included.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The first entry with this name.
    pub fn get(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

/// A whole board file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// Display name; the file stem when absent.
    #[serde(default)]
    pub name: Option<String>,
    /// Seat names, in order; per-seat zones are keyed by them.
    #[serde(default)]
    pub seats: Vec<String>,
    /// Every direction, plain and composite, with its opposite. Ids follow this order.
    pub directions: NamedList<Option<DirectionDecl>>,
    /// Named frame changes: each maps every direction to a direction.
    #[serde(default)]
    pub remaps: NamedList<NamedList<String>>,
    /// Directions derived from paths of plain directions (`fl: [[f, l], [l, f]]`).
    #[serde(default)]
    pub composite: NamedList<Vec<Vec<String>>>,
    /// Optional generator of cells and edges on integer coordinates.
    #[serde(default)]
    pub lattice: Option<LatticeDecl>,
    /// Explicit cells, after the lattice's.
    #[serde(default)]
    pub cells: Vec<CellDecl>,
    /// Cell order of position strings, top row first; derived when absent.
    #[serde(default)]
    pub rows: Option<Vec<Vec<String>>>,
    /// Named cell sets.
    #[serde(default)]
    pub zones: NamedList<ZoneDecl>,
    /// Drawing colour for each cell colour name.
    #[serde(default)]
    pub palette: NamedList<String>,
    /// Zones tinted in drawings, each with its colour (`road: "#7a9e7e"`).
    #[serde(default)]
    pub shade: NamedList<String>,
    /// Named maps from cells to cells (`looking_glass: { "1:e4": "2:e4", ... }`).
    #[serde(default)]
    pub maps: NamedList<NamedList<String>>,
}

/// One entry of `directions:`. Written `n: { opposite: s }`; `n:` alone is accepted
/// by the parser so that the loader can say "`n` has no opposite" at the right line.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectionDecl {
    /// The direction that walks this one backwards.
    #[serde(default)]
    pub opposite: Option<String>,
}

/// The `lattice:` generator.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LatticeDecl {
    /// Only `grid` exists today; the key is there so other kinds can be added.
    #[serde(default)]
    pub kind: LatticeKind,
    /// Coordinates x run over `1..=width`.
    pub width: u32,
    /// Coordinates y run over `1..=height`.
    pub height: u32,
    /// Linear constraints; a cell is kept when it satisfies all of them.
    #[serde(default)]
    pub keep: Vec<KeepRule>,
    /// File letters: cell `(x, y)` is named `files[x-1]` followed by `y`. Default `a`..`z`.
    #[serde(default)]
    pub files: Option<String>,
    /// How cells are coloured.
    #[serde(default)]
    pub colour: Option<ColourRule>,
    /// How coordinates become drawing positions.
    #[serde(default)]
    pub geometry: Geometry,
    /// One vector (with optional flank cells) per direction.
    #[serde(default)]
    pub vectors: NamedList<VectorDecl>,
}

/// Kind of lattice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LatticeKind {
    /// Integer coordinates `(x, y)` in a `width` x `height` rectangle.
    #[default]
    Grid,
}

/// How lattice coordinates are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Geometry {
    /// Unit squares: cell `(x, y)` covers `[x-1, x] x [y-1, y]`.
    #[default]
    Square,
    /// Pointy-top hexagons; `(1, 0)` points right and `(0, 1)` up-left, so `(1, 1)`
    /// points up-right and the six axial neighbours touch.
    Hex,
}

/// Keep cells with `min <= x*X + y*Y <= max` (`X`, `Y` the coefficients below).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeepRule {
    /// Coefficient of the x coordinate.
    #[serde(default)]
    pub x: i32,
    /// Coefficient of the y coordinate.
    #[serde(default)]
    pub y: i32,
    /// Smallest kept value, if bounded below.
    #[serde(default)]
    pub min: Option<i64>,
    /// Largest kept value, if bounded above.
    #[serde(default)]
    pub max: Option<i64>,
}

/// Cell colour `names[(x*X + y*Y) mod modulo]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourRule {
    /// Coefficient of the x coordinate.
    #[serde(default)]
    pub x: i32,
    /// Coefficient of the y coordinate.
    #[serde(default)]
    pub y: i32,
    /// Number of colours.
    pub modulo: u32,
    /// One name per residue.
    pub names: Vec<String>,
}

/// A lattice vector: `n: [0, 1]`, or `dd: { vector: [2, 1], between: [[1, 0], [1, 1]] }`.
#[derive(Clone, Debug, PartialEq)]
pub enum VectorDecl {
    /// A plain offset.
    Plain([i32; 2]),
    /// An offset whose step passes between flank cells (offsets from the start cell).
    Flanked {
        /// The offset.
        vector: [i32; 2],
        /// Offsets of the flank cells; the step is blocked when all are occupied.
        between: Vec<[i32; 2]>,
    },
}

impl VectorDecl {
    /// The offset.
    pub fn vector(&self) -> [i32; 2] {
        match self {
            VectorDecl::Plain(v) | VectorDecl::Flanked { vector: v, .. } => *v,
        }
    }

    /// The flank offsets (empty for a plain vector).
    pub fn between(&self) -> &[[i32; 2]] {
        match self {
            VectorDecl::Plain(_) => &[],
            VectorDecl::Flanked { between, .. } => between,
        }
    }
}

/// An explicit cell.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellDecl {
    /// Its name.
    pub name: String,
    /// Colour name.
    #[serde(default)]
    pub colour: Option<String>,
    /// Drawing position of the centre; the polygon's centroid when absent.
    #[serde(default)]
    pub at: Option<[f64; 2]>,
    /// Drawing outline.
    #[serde(default)]
    pub polygon: Option<Vec<[f64; 2]>>,
    /// Edges leaving this cell, by direction.
    #[serde(default)]
    pub links: NamedList<LinkDecl>,
}

/// The value of one `links:` entry.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkDecl {
    /// `n: d5` or `f: { to: d5, remap: flip }`.
    One(LinkTarget),
    /// `fr: [i5, e9]`: the direction forks.
    Fork(Vec<LinkTarget>),
}

impl LinkDecl {
    /// Every target, one for a plain link.
    pub fn targets(&self) -> &[LinkTarget] {
        match self {
            LinkDecl::One(t) => std::slice::from_ref(t),
            LinkDecl::Fork(ts) => ts,
        }
    }
}

/// One successor of a link.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkTarget {
    /// Just the cell name.
    Name(String),
    /// `{ to, remap, between }`.
    Full(FullLink),
}

impl LinkTarget {
    /// The arrival cell.
    pub fn to(&self) -> &str {
        match self {
            LinkTarget::Name(n) => n,
            LinkTarget::Full(f) => &f.to,
        }
    }

    /// The remap, if any.
    pub fn remap(&self) -> Option<&str> {
        match self {
            LinkTarget::Name(_) => None,
            LinkTarget::Full(f) => f.remap.as_deref(),
        }
    }

    /// The flank cells (empty when not given).
    pub fn between(&self) -> &[String] {
        match self {
            LinkTarget::Name(_) => &[],
            LinkTarget::Full(f) => &f.between,
        }
    }

    /// Whether rays end after this edge.
    pub fn stop(&self) -> bool {
        matches!(self, LinkTarget::Full(f) if f.stop)
    }
}

/// The long form of a link target.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullLink {
    /// Arrival cell.
    pub to: String,
    /// Frame change applied to the rest of the move.
    #[serde(default)]
    pub remap: Option<String>,
    /// Flank cells: the step is blocked when all of them are occupied.
    #[serde(default)]
    pub between: Vec<String>,
    /// A ray (slide, hop) that takes this edge ends on the cell it reaches: a seam
    /// between boards that a move may cross by one cell only.
    #[serde(default)]
    pub stop: bool,
}

/// The value of one `zones:` entry.
#[derive(Clone, Debug, PartialEq)]
pub enum ZoneDecl {
    /// The same cells for every seat.
    Global(ZoneSet),
    /// `{ white: ..., black: ... }`: one set per seat.
    PerSeat(NamedList<ZoneSet>),
}

/// A set of cells as written.
#[derive(Clone, Debug, PartialEq)]
pub enum ZoneSet {
    /// `[a1, b1]`: cell names (lattice or explicit cells).
    Cells(Vec<String>),
    /// `{ x: [1, 2], y: [8] }`: lattice cells whose coordinates are in every given list.
    Select(Selector),
}

/// A lattice selector.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Selector {
    /// Allowed x coordinates (any when absent).
    #[serde(default)]
    pub x: Option<Vec<i32>>,
    /// Allowed y coordinates (any when absent).
    #[serde(default)]
    pub y: Option<Vec<i32>>,
    /// The cells of this colour (lattice or not).
    #[serde(default)]
    pub colour: Option<String>,
}
