//! Text drawing of any board, from its cells' drawing positions.
//!
//! Cells are placed on a character grid by `layout.rs` (y up, so the first player's
//! side of a chess board is at the bottom); no two cells share a slot and cells on one
//! line are at least one blank apart.
//!
//! Tokens:
//! - two players or fewer: one character, the piece letter, upper case for the first
//!   player and lower case for the second, as in FEN (`K`, `k`);
//! - more players: two characters, the owner's tag then the letter in upper case
//!   (`wK`, `rQ`, `bP`), the tags of the `player` lines;
//! - a variant with promoted forms (`+P`) widens the token by one for the `+`;
//! - an empty cell is `.`, or the mark of its tinted zone (`shade:` in the board file:
//!   `=`, `:`, ... in written order, named in a legend under the board); a marked cell
//!   is `*` when empty and `x` when occupied (with more than two players, `x` followed
//!   by the piece letter), right-aligned in the token.
//!
//! Labels come from the cells' names (`labels.rs`): when every line's cells share one
//! rank the rank is written to the left; when every column's cells share one file, the
//! files are written below, and the board prefixes of joined boards (`2:` of `2:a3`)
//! above. A chess board gets the usual `8`..`1` and `a`..`h`.

mod labels;

use super::layout::layout;
use super::shade::{cell_shades, MARKS};
use crate::{Cell, Position};
use labels::{column_labels, line_labels};

/// The board as text, `marks` shown as `*` (empty) or `x` (occupied).
pub fn text_board(pos: &Position, marks: &[Cell]) -> String {
    let v = pos.variant();
    let wide = v.players().len() > 2;
    let plus = v.piece_types().iter().any(|t| t.demotes_to.is_some());
    let token = 1 + wide as usize + plus as usize;
    let l = layout(v, token + 1);
    let shades = cell_shades(v.board());
    let width = l.cols + token;
    let mut grid = vec![vec![' '; width]; l.lines];
    for (c, &(line, col)) in l.slots.iter().enumerate() {
        let marked = marks.contains(&(c as Cell));
        let text = match pos.piece_at(c as Cell) {
            Some(p) => {
                let ty = &v.piece_types()[p.piece_type as usize];
                let symbol = ty.symbol(wide || p.owner == 0);
                match (wide, marked) {
                    (false, true) => "x".to_owned(),
                    (false, false) => symbol.to_string(),
                    (true, true) => format!("x{symbol}"),
                    (true, false) => {
                        let tag = v.players()[p.owner as usize].tag;
                        format!("{tag}{symbol}")
                    }
                }
            }
            None if marked => "*".to_owned(),
            None => match shades.get(c).copied().flatten() {
                Some(s) => MARKS[s % MARKS.len()].to_string(),
                None => ".".to_owned(),
            },
        };
        let chars: Vec<char> = text.chars().collect();
        let start = col + token - chars.len().min(token);
        for (i, ch) in chars.into_iter().take(token).enumerate() {
            grid[line][start + i] = ch;
        }
    }
    let ranks = line_labels(v, &l);
    let files = column_labels(v, &l, token);
    let margin = ranks.iter().map(|r| r.len()).max().unwrap_or(0);
    let pad = " ".repeat(if margin > 0 { margin + 1 } else { 0 });
    let mut out = String::new();
    let mut push = |line: &str| {
        out += line.trim_end();
        out.push('\n');
    };
    if let Some(above) = files.as_ref().and_then(|f| f.above(width, token)) {
        push(&format!("{pad}{above}"));
    }
    for (i, row) in grid.iter().enumerate() {
        let label = match ranks.get(i) {
            Some(r) => format!("{r:>margin$} "),
            None => String::new(),
        };
        push(&format!("{label}{}", row.iter().collect::<String>()));
    }
    if let Some(files) = &files {
        push(&format!("{pad}{}", files.below(width, token)));
    }
    if let Some(legend) = legend(v.board(), &shades) {
        push(&format!("{pad}{legend}"));
    }
    if v.has_hands() {
        push(&format!("{pad}{}", hands_line(pos)));
    }
    out
}

/// `in hand: white Q N2, black -`: every player's pieces in hand with their counts.
pub fn hands_line(pos: &Position) -> String {
    let v = pos.variant();
    let players: Vec<String> = v
        .players()
        .iter()
        .enumerate()
        .map(|(p, info)| {
            let held: Vec<String> = (0..v.piece_types().len())
                .filter_map(|t| {
                    let n = pos.in_hand(p as u8, t as u8);
                    let letter = v.piece_types()[t].letter.to_ascii_uppercase();
                    match n {
                        0 => None,
                        1 => Some(letter.to_string()),
                        n => Some(format!("{letter}{n}")),
                    }
                })
                .collect();
            let held = if held.is_empty() {
                "-".to_owned()
            } else {
                held.join(" ")
            };
            format!("{} {held}", info.name)
        })
        .collect();
    format!("in hand: {}", players.join(", "))
}

/// `= road  : camp`: the mark and name of every tinted zone that has a cell.
fn legend(board: &dsl::board::BoardGraph, shades: &[Option<usize>]) -> Option<String> {
    let parts: Vec<String> = board
        .shade
        .iter()
        .enumerate()
        .filter(|&(i, _)| shades.contains(&Some(i)))
        .map(|(i, s)| format!("{} {}", MARKS[i % MARKS.len()], s.zone))
        .collect();
    (!parts.is_empty()).then(|| parts.join("  "))
}

#[cfg(test)]
mod tests;
