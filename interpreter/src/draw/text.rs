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
//! - an empty cell is `.`; a marked cell is `*` when empty and `x` when occupied (with
//!   more than two players, `x` followed by the piece letter), right-aligned in the
//!   token.
//!
//! When every line's cells share one rank (the digits that end their names) the rank is
//! written to the left; when every column's cells share one file (the name before those
//! digits) and it fits, the files are written below. A chess board gets the usual
//! `8`..`1` and `a`..`h`.

use super::layout::{layout, Layout};
use crate::san::names::split;
use crate::{Cell, Position, Variant};

/// The board as text, `marks` shown as `*` (empty) or `x` (occupied).
pub fn text_board(pos: &Position, marks: &[Cell]) -> String {
    let v = pos.variant();
    let wide = v.players().len() > 2;
    let token = if wide { 2 } else { 1 };
    let l = layout(v, token + 1);
    let mut grid = vec![vec![' '; l.cols + token]; l.lines];
    for (c, &(line, col)) in l.slots.iter().enumerate() {
        let c = c as Cell;
        let marked = marks.contains(&c);
        let text = match pos.piece_at(c) {
            Some(p) => {
                let letter = v.piece_types()[p.piece_type as usize].letter;
                match (wide, marked) {
                    (false, true) => "x".to_owned(),
                    (false, false) if p.owner == 0 => letter.to_ascii_uppercase().to_string(),
                    (false, false) => letter.to_ascii_lowercase().to_string(),
                    (true, true) => format!("x{}", letter.to_ascii_uppercase()),
                    (true, false) => {
                        let tag = v.players()[p.owner as usize].tag;
                        format!("{tag}{}", letter.to_ascii_uppercase())
                    }
                }
            }
            None if marked => "*".to_owned(),
            None => ".".to_owned(),
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
    let mut out = String::new();
    for (i, row) in grid.iter().enumerate() {
        let mut line = String::new();
        if margin > 0 {
            line += &format!("{:>margin$} ", ranks[i]);
        }
        line.extend(row.iter());
        out += line.trim_end();
        out.push('\n');
    }
    if let Some(files) = files {
        let mut line = vec![' '; l.cols + token];
        for (col, name) in files {
            let start = (col + token).saturating_sub(name.chars().count());
            for (i, ch) in name.chars().enumerate() {
                if let Some(slot) = line.get_mut(start + i) {
                    *slot = ch;
                }
            }
        }
        let pad = if margin > 0 { margin + 1 } else { 0 };
        let text: String = line.into_iter().collect();
        out += format!("{}{}", " ".repeat(pad), text).trim_end();
        out.push('\n');
    }
    out
}

/// The rank of every line, when every line's cells share one (else none at all).
fn line_labels(v: &Variant, l: &Layout) -> Vec<String> {
    let mut ranks: Vec<Option<String>> = vec![None; l.lines];
    for (c, &(line, _)) in l.slots.iter().enumerate() {
        let rank = split(v.cell_name(c as Cell)).1;
        match &ranks[line] {
            _ if rank.is_empty() => return Vec::new(),
            None => ranks[line] = Some(rank.to_owned()),
            Some(r) if r != rank => return Vec::new(),
            Some(_) => {}
        }
    }
    ranks.into_iter().map(Option::unwrap_or_default).collect()
}

/// `(column, file)` of every column, when every column's cells share a file that fits
/// in the column's token (else none).
fn column_labels(v: &Variant, l: &Layout, token: usize) -> Option<Vec<(usize, String)>> {
    let mut files: Vec<(usize, String)> = Vec::new();
    for (c, &(_, col)) in l.slots.iter().enumerate() {
        let file = split(v.cell_name(c as Cell)).0;
        if file.is_empty() || file.chars().count() > token {
            return None;
        }
        match files.iter().find(|(k, _)| *k == col) {
            Some((_, f)) if f != file => return None,
            Some(_) => {}
            None => files.push((col, file.to_owned())),
        }
    }
    Some(files)
}

#[cfg(test)]
mod tests;
