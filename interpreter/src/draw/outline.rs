//! Cell outlines for drawings: the board file's polygons, or, for cells given by their
//! centre only, a square or a hexagon sized from the distance to the nearest centre.
//!
//! Whether a centres-only board is square or hexagonal is read from the directions
//! between nearest neighbours: all of them multiples of 90 degrees (within a few
//! degrees) give squares turned like the lattice, anything else hexagons whose sides
//! face the neighbours. Both tile their lattice exactly, so cells meet edge to edge.

use dsl::board::BoardGraph;

/// Largest number of cells compared pairwise for the nearest-neighbour distance;
/// boards are limited far below this, it only bounds the work.
const MAX_PAIRS_CELLS: usize = 4096;

/// A point in board units, y up.
pub(crate) type Pt = (f64, f64);

/// The distance between the two closest cell centres (1 when there are fewer than two
/// cells or all centres coincide).
pub(crate) fn nearest_distance(board: &BoardGraph) -> f64 {
    let cells = &board.cells[..board.cells.len().min(MAX_PAIRS_CELLS)];
    let mut best = f64::INFINITY;
    for (i, a) in cells.iter().enumerate() {
        for b in &cells[i + 1..] {
            let d = dist(a.at, b.at);
            if d > 1e-9 && d < best {
                best = d;
            }
        }
    }
    if best.is_finite() {
        best
    } else {
        1.0
    }
}

fn dist(a: Pt, b: Pt) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// The shape used for cells without a polygon: number of corners and the angle of the
/// first corner (radians).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Shape {
    corners: usize,
    first: f64,
    radius: f64,
}

impl Shape {
    /// Reads the lattice from the centres: `d` is [`nearest_distance`].
    pub(crate) fn of(board: &BoardGraph, d: f64) -> Shape {
        let cells = &board.cells[..board.cells.len().min(MAX_PAIRS_CELLS)];
        let mut angle = None;
        let mut square = true;
        for (i, a) in cells.iter().enumerate() {
            for b in &cells[i + 1..] {
                if (dist(a.at, b.at) - d).abs() > d * 0.02 {
                    continue;
                }
                let t = (b.at.1 - a.at.1).atan2(b.at.0 - a.at.0);
                let base = *angle.get_or_insert(t);
                let q = (t - base).rem_euclid(std::f64::consts::FRAC_PI_2);
                if q.min(std::f64::consts::FRAC_PI_2 - q) > 0.05 {
                    square = false;
                }
            }
        }
        let base = angle.unwrap_or(0.0);
        if square {
            Shape {
                corners: 4,
                first: base + std::f64::consts::FRAC_PI_4,
                radius: d / std::f64::consts::SQRT_2,
            }
        } else {
            Shape {
                corners: 6,
                first: base + std::f64::consts::PI / 6.0,
                radius: d / 3f64.sqrt(),
            }
        }
    }

    /// The outline around `at`.
    pub(crate) fn around(&self, at: Pt) -> Vec<Pt> {
        (0..self.corners)
            .map(|i| {
                let t = self.first + i as f64 * std::f64::consts::TAU / self.corners as f64;
                (at.0 + self.radius * t.cos(), at.1 + self.radius * t.sin())
            })
            .collect()
    }
}

/// Every cell's outline, in cell order.
pub(crate) fn outlines(board: &BoardGraph, d: f64) -> Vec<Vec<Pt>> {
    let shape = Shape::of(board, d);
    board
        .cells
        .iter()
        .map(|c| {
            if c.polygon.len() >= 3 {
                c.polygon.clone()
            } else {
                shape.around(c.at)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsl::board::load_board;
    use dsl::SourceFile;

    fn board(cells: &[(&str, f64, f64)]) -> BoardGraph {
        let mut y = String::from(
            "name: t\ndirections:\n  n: { opposite: s }\n  s: { opposite: n }\ncells:\n",
        );
        for (name, x, yy) in cells {
            y += &format!("  - {{ name: {name}, at: [{x}, {yy}] }}\n");
        }
        load_board(&SourceFile::new("t.yaml", y)).expect("board").0
    }

    #[test]
    fn squares_for_square_centres() {
        let b = board(&[("a", 0.0, 0.0), ("b", 2.0, 0.0), ("c", 0.0, 2.0)]);
        let d = nearest_distance(&b);
        assert_eq!(d, 2.0);
        let o = outlines(&b, d);
        assert_eq!(o[0].len(), 4);
        // Side 2: corners at (+-1, +-1).
        assert!(o[0].iter().all(|p| (p.0.abs() - 1.0).abs() < 1e-9));
    }

    #[test]
    fn hexagons_for_hexagonal_centres() {
        let h = 3f64.sqrt() / 2.0;
        let b = board(&[("a", 0.0, 0.0), ("b", 1.0, 0.0), ("c", 0.5, h)]);
        let d = nearest_distance(&b);
        let o = outlines(&b, d);
        assert_eq!(o[0].len(), 6);
        // Neighbours share a side: a's and b's outlines have two corners in common.
        let shared = o[0]
            .iter()
            .filter(|p| o[1].iter().any(|q| dist(**p, *q) < 1e-9))
            .count();
        assert_eq!(shared, 2);
    }
}
