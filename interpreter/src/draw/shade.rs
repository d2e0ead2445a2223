//! Tinted zones (`shade:` in the board file) as the drawings use them: which tint each
//! cell takes, and the mark the text drawing gives an empty cell of each tinted zone.
//!
//! A cell in several tinted zones takes the first one written, so the drawing of a
//! board never depends on anything but its file.

use dsl::board::BoardGraph;
use dsl::limits::MAX_SHADES;

/// Text marks of empty tinted cells, one per `shade:` entry in written order. None of
/// them is `.` (empty), `*` or `x` (marked cells); `=` first, since the first tinted
/// zone of a board is often a road or a river.
pub(crate) const MARKS: [char; MAX_SHADES] = ['=', ':', '~', '+', '-', '^', ';', '"'];

/// For every cell id, the index (into `board.shade`) of its tint, if any.
pub(crate) fn cell_shades(board: &BoardGraph) -> Vec<Option<usize>> {
    let mut out = vec![None; board.cells.len()];
    for (i, s) in board.shade.iter().enumerate() {
        for &c in &s.cells {
            if let Some(slot @ None) = out.get_mut(c as usize) {
                *slot = Some(i);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsl::board::load_board;
    use dsl::SourceFile;

    #[test]
    fn the_first_shade_written_wins() {
        let text = "directions:\n  e: { opposite: w }\n  w: { opposite: e }\n\
                    lattice:\n  width: 3\n  height: 1\n  vectors:\n    e: [1, 0]\n    w: [-1, 0]\n\
                    zones:\n  ab: [a1, b1]\n  bc: [b1, c1]\nshade:\n  bc: red\n  ab: blue\n";
        let b = load_board(&SourceFile::new("t.yaml", text)).unwrap().0;
        assert_eq!(cell_shades(&b), [Some(1), Some(0), Some(0)]);
        let marks: std::collections::HashSet<char> = MARKS.iter().copied().collect();
        assert_eq!(marks.len(), MARKS.len());
        assert!(!MARKS.iter().any(|m| ".*x".contains(*m)));
    }
}
