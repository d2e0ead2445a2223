//! A layout read from the cells' names: one line per rank, one column per file.
//!
//! Used when the drawing geometry does not put the cells of one rank on one line and
//! the cells of one file in one column (the 96-cell board, whose files bend at the
//! centre; the hexagonal Dreierschach board, whose files run up and to the left). A
//! player then finds `g4` as on a chess board: rank `4` on the left, file `g` below.
//! The geometry still decides the orientation: ranks go up the page when the board's
//! higher ranks are drawn higher, files go left to right when they are drawn so.

use super::{finish, Layout, MAX_COLS, MAX_LINES};
use crate::san::names::split;
use crate::{Cell, Variant};

/// One slot per `(file, rank)` of the cells' names, `gap` columns apart; `None` when a
/// name has no file or no rank, two cells share both, or the grid would be mostly
/// holes (more than half of its slots empty) or too large.
pub(crate) fn by_names(v: &Variant, gap: usize) -> Option<Layout> {
    let n = v.cell_count();
    let mut parts: Vec<(&str, &str)> = Vec::with_capacity(n);
    for c in 0..n {
        let (file, rank) = split(v.cell_name(c as Cell));
        if file.is_empty() || rank.is_empty() {
            return None;
        }
        parts.push((file, rank));
    }
    // Distinct files in name order (`a` < `b` < `aa`), ranks by value: missing ones
    // leave no blank column or line.
    let mut files: Vec<&str> = parts.iter().map(|p| p.0).collect();
    files.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    files.dedup();
    let mut ranks: Vec<&str> = parts.iter().map(|p| p.1).collect();
    ranks.sort_by(|a, b| {
        let (a, b) = (a.trim_start_matches('0'), b.trim_start_matches('0'));
        (a.len(), a).cmp(&(b.len(), b))
    });
    ranks.dedup();
    if files.len() > MAX_COLS / gap.max(1) || ranks.len() > MAX_LINES {
        return None;
    }
    if 2 * n < files.len() * ranks.len() {
        return None;
    }
    let index = |list: &[&str], s: &str| list.iter().position(|x| *x == s).unwrap_or(0);
    let cells: Vec<(usize, usize)> = parts
        .iter()
        .map(|&(f, r)| (index(&files, f), index(&ranks, r)))
        .collect();
    let mut seen = vec![false; files.len() * ranks.len()];
    for &(f, r) in &cells {
        let slot = &mut seen[r * files.len() + f];
        if *slot {
            return None;
        }
        *slot = true;
    }
    let (files_right, ranks_up) = orientation(v, &cells);
    let slots = cells
        .iter()
        .map(|&(f, r)| {
            let line = if ranks_up { ranks.len() - 1 - r } else { r };
            let col = if files_right { f } else { files.len() - 1 - f };
            (line, col * gap)
        })
        .collect();
    Some(finish(slots))
}

/// Whether the drawing puts later files further right and later ranks higher: the
/// sign of the covariance of file index with x, and of rank index with y.
fn orientation(v: &Variant, cells: &[(usize, usize)]) -> (bool, bool) {
    let pts: Vec<(f64, f64)> = (0..cells.len())
        .map(|c| {
            let (x, y) = v.cell_position(c as Cell);
            let fix = |a: f64| if a.is_finite() { a } else { 0.0 };
            (fix(x), fix(y))
        })
        .collect();
    let cov = |a: &dyn Fn(usize) -> f64, b: &dyn Fn(usize) -> f64| {
        let k = cells.len().max(1) as f64;
        let (ma, mb) = (0..cells.len()).fold((0.0, 0.0), |s, i| (s.0 + a(i), s.1 + b(i)));
        let (ma, mb) = (ma / k, mb / k);
        (0..cells.len())
            .map(|i| (a(i) - ma) * (b(i) - mb))
            .sum::<f64>()
    };
    let files = cov(&|i| cells[i].0 as f64, &|i| pts[i].0);
    let ranks = cov(&|i| cells[i].1 as f64, &|i| pts[i].1);
    // No measurable direction (all cells at one point): the usual way round.
    (files >= 0.0, ranks >= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{chess, compile};

    #[test]
    fn chess_by_names_is_chess_as_drawn() {
        let v = chess();
        let l = by_names(&v, 2).unwrap();
        assert_eq!(l.slots[v.cell("a8").unwrap() as usize], (0, 0));
        assert_eq!(l.slots[v.cell("h1").unwrap() as usize], (7, 14));
    }

    /// A board drawn from the second player's side (a1 top right): the names grid
    /// turns with it, so the picture and the grid agree.
    #[test]
    fn the_geometry_decides_which_way_round() {
        let cell = |n: &str, x: f64, y: f64, link: &str| {
            format!("  - {{ name: {n}, at: [{x}, {y}], links: {{ {link} }} }}\n")
        };
        let board = format!(
            "seats: [white, black]\ndirections:\n  n: {{ opposite: s }}\n  s: {{ opposite: n }}\ncells:\n{}{}{}{}",
            cell("a1", 1.5, 1.5, "n: a2"),
            cell("b1", 0.5, 1.5, "n: b2"),
            cell("a2", 1.5, 0.5, "s: a1"),
            cell("b2", 0.5, 0.5, "s: b1"),
        );
        let rules =
            "board \"b.yaml\"\nplayer white tag w seat white\nplayer black tag b seat black\n\
                     piece king K royal {\n step n\n}\nsetup white: K a1\nsetup black: K b2\n";
        let v = compile(rules, &board).unwrap_or_else(|e| panic!("{e:?}"));
        let l = by_names(&v, 2).unwrap();
        assert_eq!(l.slots[v.cell("a1").unwrap() as usize], (0, 2));
        assert_eq!(l.slots[v.cell("b2").unwrap() as usize], (1, 0));
    }
}
