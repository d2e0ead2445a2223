//! Text drawing of a board (stub: one line per row until the drawing module lands).

use crate::{Cell, Position};

/// The board as text, `marks` shown as `*` on empty cells.
pub fn text_board(pos: &Position, marks: &[Cell]) -> String {
    let v = pos.variant();
    let mut out = String::new();
    for row in v.rows() {
        for &c in row {
            out.push(match pos.piece_at(c) {
                Some(p) if p.owner == 0 => v.piece_types()[p.piece_type as usize].letter,
                Some(p) => v.piece_types()[p.piece_type as usize]
                    .letter
                    .to_ascii_lowercase(),
                None if marks.contains(&c) => '*',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}
