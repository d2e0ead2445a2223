//! Why a typed move was refused, and what would have been legal instead.

use crate::cli::show;
use chessgraph::{MoveError, Position};

/// The cell named by the longest prefix of `text`, if any.
fn leading_cell(pos: &Position, text: &str) -> Option<chessgraph::Cell> {
    let v = pos.variant();
    text.char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .find_map(|end| v.cell(&text[..end]))
}

/// Lines explaining `error` for the move typed as `text`.
pub fn explain(pos: &mut Position, text: &str, error: &MoveError) -> String {
    let shown: String = text.chars().take(40).collect();
    let mut s = format!("`{shown}` refused: {error}\n");
    // A cell first names the piece to move (`e2e5`); a text that is only a cell
    // (`a8`) names a target, which says nothing of the piece.
    let from = leading_cell(pos, text).filter(|&c| pos.variant().cell_name(c) != text.trim());
    if let Some(cell) = from {
        let name = pos.variant().cell_name(cell).to_owned();
        match pos.piece_at(cell) {
            None => s.push_str(&format!("  {name} is empty\n")),
            Some(_) => {
                let lines = show::grouped_moves(pos, false, Some(cell));
                match lines.first() {
                    Some(l) => s.push_str(&format!("  legal moves of {l}\n")),
                    None => s.push_str(&format!(
                        "  {} has no legal move\n",
                        show::piece_label(pos, cell)
                    )),
                }
            }
        }
        return s;
    }
    let letter = text.chars().next().filter(char::is_ascii_uppercase);
    let ty = letter.and_then(|l| pos.variant().piece_type_by_letter(l));
    if let Some(ty) = ty {
        let me = pos.to_move();
        let cells: Vec<chessgraph::Cell> = (0..pos.variant().cell_count() as chessgraph::Cell)
            .filter(|&c| {
                pos.piece_at(c)
                    .is_some_and(|p| p.piece_type == ty && pos.controller(p.owner, c) == me)
            })
            .collect();
        let mut any = false;
        for c in cells {
            for l in show::grouped_moves(pos, false, Some(c)) {
                s.push_str(&format!("  legal moves of {l}\n"));
                any = true;
            }
        }
        if any {
            return s;
        }
    }
    s.push_str(
        "  hint: type a move in SAN (Nf3) or long form (g1f3); `moves` lists the legal moves, `help` the commands\n",
    );
    s
}
