//! Where each cell goes on a character grid, for any board.
//!
//! Cell centres (`Variant::cell_position`, y up) are projected onto text lines and
//! columns: `line = round((y_max - y) * sy + phase)`, `col = round((x - x_min) * sx)`.
//! The vertical scale `sy` is searched (relative to the typical distance between
//! neighbouring cells); for each, `sx` is the least scale that keeps cells sharing a
//! line at least `gap` columns apart. The winner has the smallest area, weighted by how
//! far it strays from the board's proportions (a character is about twice as tall as
//! it is wide) and counting blank lines twice (they make a drawing look torn). Square
//! boards come out one rank per line, hexagonal boards one lattice row per line with
//! half-cell offsets, irregular boards (the 96-cell board) as a faithful picture. A
//! board that no scale draws small enough (or whose cells all sit at one point) is
//! drawn from its `rows`, one row per line.
//!
//! The text drawing takes this layout only when its lines and columns can be labelled
//! with ranks and files; else it lays the cells out from their names (`names.rs`), so
//! a player reads each cell's name from the edges rather than from the picture.

use crate::variant::Variant;

mod names;
pub(crate) use names::by_names;

/// Largest drawing accepted from the projection, in lines and in columns.
const MAX_LINES: usize = 200;
const MAX_COLS: usize = 400;

/// Grid slots of every cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// `(line, column)` per cell id.
    pub slots: Vec<(usize, usize)>,
    /// Number of lines.
    pub lines: usize,
    /// Number of columns (up to the start of the last token).
    pub cols: usize,
}

/// Cell centres, with non-finite coordinates read as 0.
fn centres(v: &Variant) -> Vec<(f64, f64)> {
    let fix = |a: f64| if a.is_finite() { a } else { 0.0 };
    (0..v.cell_count())
        .map(|c| {
            let (x, y) = v.cell_position(c as crate::Cell);
            (fix(x), fix(y))
        })
        .collect()
}

/// The median distance from a cell to its nearest neighbour (0 when cells coincide).
fn typical_spacing(pts: &[(f64, f64)]) -> f64 {
    let mut nearest: Vec<f64> = pts
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            pts.iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &(u, w))| (u - x).hypot(w - y))
                .fold(f64::INFINITY, f64::min)
        })
        .filter(|d| d.is_finite())
        .collect();
    if nearest.is_empty() {
        return 0.0;
    }
    nearest.sort_by(f64::total_cmp);
    nearest[nearest.len() / 2]
}

/// Lines for scale `sy` and `phase`, and the least `sx` that keeps `gap` columns
/// between cells on one line (`None` when two cells share a line and an x).
fn try_scale(
    pts: &[(f64, f64)],
    y_max: f64,
    sy: f64,
    phase: f64,
    gap: f64,
) -> Option<(Vec<usize>, f64)> {
    let lines: Vec<usize> = pts
        .iter()
        .map(|&(_, y)| ((y_max - y) * sy + phase + 1e-9).round().max(0.0) as usize)
        .collect();
    let mut order: Vec<usize> = (0..pts.len()).collect();
    order.sort_by(|&a, &b| lines[a].cmp(&lines[b]).then(pts[a].0.total_cmp(&pts[b].0)));
    let mut sx: f64 = 0.0;
    for w in order.windows(2) {
        if lines[w[0]] == lines[w[1]] {
            let dx = pts[w[1]].0 - pts[w[0]].0;
            if dx <= 1e-6 {
                return None;
            }
            sx = sx.max(gap / dx);
        }
    }
    Some((lines, sx))
}

/// The layout of `v`'s cells with tokens `gap` columns apart.
pub(crate) fn layout(v: &Variant, gap: usize) -> Layout {
    let pts = centres(v);
    let d = typical_spacing(&pts);
    if d > 1e-9 {
        if let Some(l) = projected(&pts, d, gap as f64) {
            return l;
        }
    }
    from_rows(v, gap)
}

fn projected(pts: &[(f64, f64)], d: f64, gap: f64) -> Option<Layout> {
    let x_min = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let x_max = pts.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y_max = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let mut best: Option<(f64, Vec<usize>, f64)> = None;
    for step in 10..=60 {
        let sy = step as f64 * 0.05 / d;
        for phase in [0.0, 0.25, 0.5, 0.75] {
            let Some((lines, sx)) = try_scale(pts, y_max, sy, phase, gap) else {
                continue;
            };
            let sx = if sx > 0.0 { sx * (1.0 + 1e-9) } else { gap / d };
            let height = lines.iter().max().map_or(0, |&m| m + 1);
            let mut used = vec![false; height];
            for &l in &lines {
                used[l] = true;
            }
            let blank = used.iter().filter(|u| !**u).count();
            let width = (x_max - x_min) * sx + 1.0;
            let r = sx / (2.0 * sy);
            let cost = (height + 2 * blank) as f64 * width * r.max(1.0 / r);
            if height <= MAX_LINES
                && (width as usize) <= MAX_COLS
                && best.as_ref().map_or(true, |b| cost < b.0 - 1e-9)
            {
                best = Some((cost, lines, sx));
            }
        }
    }
    let (_, lines, sx) = best?;
    let cols: Vec<usize> = pts
        .iter()
        .map(|&(x, _)| ((x - x_min) * sx + 1e-9).round().max(0.0) as usize)
        .collect();
    let top = lines.iter().copied().min().unwrap_or(0);
    let slots: Vec<(usize, usize)> = lines.iter().map(|&l| l - top).zip(cols).collect();
    Some(finish(slots))
}

/// One board row per line, cells `gap` columns apart.
fn from_rows(v: &Variant, gap: usize) -> Layout {
    let mut slots = vec![(0, 0); v.cell_count()];
    let mut line = 0;
    let mut seen = vec![false; v.cell_count()];
    for row in v.rows() {
        for (i, &c) in row.iter().enumerate() {
            if let Some(s) = slots.get_mut(c as usize) {
                *s = (line, i * gap);
                seen[c as usize] = true;
            }
        }
        line += 1;
    }
    // Cells in no row (the loader adds them to a row; be safe anyway): one more line.
    let mut i = 0;
    for (c, s) in slots.iter_mut().enumerate() {
        if !seen[c] {
            *s = (line, i * gap);
            i += 1;
        }
    }
    finish(slots)
}

/// `l` (tokens at least `gap` columns apart) with tokens `token` wide made to touch:
/// columns exactly `gap` apart come `token` apart, wider spaces (the seam between
/// joined boards) keep one blank column.
pub(crate) fn squeeze(l: &Layout, gap: usize, token: usize) -> Layout {
    let mut cols: Vec<usize> = l.slots.iter().map(|s| s.1).collect();
    cols.sort_unstable();
    cols.dedup();
    let mut to = Vec::with_capacity(cols.len());
    let mut at = 0;
    for (i, &c) in cols.iter().enumerate() {
        if i > 0 {
            at += if c - cols[i - 1] <= gap {
                token
            } else {
                token + 1
            };
        }
        to.push(at);
    }
    let slots = l
        .slots
        .iter()
        .map(|&(line, c)| (line, cols.binary_search(&c).map_or(0, |i| to[i])))
        .collect();
    finish(slots)
}

fn finish(slots: Vec<(usize, usize)>) -> Layout {
    let lines = slots.iter().map(|s| s.0 + 1).max().unwrap_or(0);
    let cols = slots.iter().map(|s| s.1 + 1).max().unwrap_or(0);
    Layout { slots, lines, cols }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn chess_is_one_rank_per_line_two_columns_apart() {
        let v = chess();
        let l = layout(&v, 2);
        assert_eq!(l.lines, 8);
        let a8 = v.cell("a8").unwrap() as usize;
        let h1 = v.cell("h1").unwrap() as usize;
        assert_eq!(l.slots[a8], (0, 0));
        assert_eq!(l.slots[h1], (7, 14));
    }

    #[test]
    fn no_two_cells_share_a_slot_and_tokens_do_not_touch() {
        let v = chess();
        for gap in [2, 3] {
            let l = layout(&v, gap);
            for (i, a) in l.slots.iter().enumerate() {
                for b in &l.slots[i + 1..] {
                    assert!(a.0 != b.0 || a.1.abs_diff(b.1) >= gap);
                }
            }
        }
    }
}
