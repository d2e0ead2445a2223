//! Drawing positions and outlines of lattice cells.
//!
//! Only drawings use these numbers; moves follow edges. They are in board units with y
//! growing upwards, like the `at` and `polygon` of explicit cells.

use super::schema::Geometry;

/// `sqrt(3) / 2`: the height of a row of pointy-top hexagons of width 1.
const HALF_SQRT3: f64 = 0.866_025_403_784_438_6;

/// Centre of the cell at lattice coordinates `(x, y)`.
///
/// Square: the unit square `[x-1, x] x [y-1, y]`, so `a1` is centred at `(0.5, 0.5)`.
/// Hex: axial coordinates with `(1, 0)` pointing right and `(0, 1)` up-left at 120
/// degrees, so `(1, 1)` points up-right and the six neighbours `(±1, 0)`, `(0, ±1)`,
/// `±(1, 1)` are at distance 1. Rows of equal `y` are horizontal.
pub(crate) fn centre(geometry: Geometry, x: i32, y: i32) -> (f64, f64) {
    let (x, y) = (f64::from(x), f64::from(y));
    match geometry {
        Geometry::Square => (x - 0.5, y - 0.5),
        Geometry::Hex => (x - y / 2.0, y * HALF_SQRT3),
    }
}

/// Outline of the cell at `(x, y)`, counter-clockwise.
///
/// Hex cells are pointy-top hexagons of width 1 (circumradius `1/sqrt(3)`), starting
/// at the upper-right corner.
pub(crate) fn polygon(geometry: Geometry, x: i32, y: i32) -> Vec<(f64, f64)> {
    let (cx, cy) = centre(geometry, x, y);
    match geometry {
        Geometry::Square => vec![
            (cx - 0.5, cy - 0.5),
            (cx + 0.5, cy - 0.5),
            (cx + 0.5, cy + 0.5),
            (cx - 0.5, cy + 0.5),
        ],
        Geometry::Hex => {
            let r = 1.0 / 3f64.sqrt();
            (0..6)
                .map(|k| {
                    let a = (30.0 + 60.0 * f64::from(k)).to_radians();
                    (cx + r * a.cos(), cy + r * a.sin())
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn hex_neighbours_are_at_distance_one() {
        let c = centre(Geometry::Hex, 5, 5);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)] {
            let n = centre(Geometry::Hex, 5 + dx, 5 + dy);
            assert!((dist(c, n) - 1.0).abs() < 1e-9, "({dx}, {dy})");
        }
        // (1, -1) is a diagonal, sqrt(3) away.
        let n = centre(Geometry::Hex, 6, 4);
        assert!((dist(c, n) - 3f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn square_cells_tile_the_unit_grid() {
        assert_eq!(centre(Geometry::Square, 4, 4), (3.5, 3.5));
        assert_eq!(polygon(Geometry::Square, 1, 1)[2], (1.0, 1.0));
        let hex = polygon(Geometry::Hex, 1, 1);
        assert_eq!(hex.len(), 6);
        let c = centre(Geometry::Hex, 1, 1);
        assert!(hex
            .iter()
            .all(|&p| (dist(p, c) - 1.0 / 3f64.sqrt()).abs() < 1e-9));
    }
}
