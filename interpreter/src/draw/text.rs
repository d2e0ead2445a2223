//! Text drawing of any board, drawn so that a player can read every cell's name.
//!
//! Where the cells go (`layout.rs`, y up, so the first player's side is at the bottom):
//! 1. the drawing geometry, when it puts every rank on one line and every file in one
//!    column (chess-like boards, side-by-side boards): ranks to the left, files below;
//! 2. else the cells' names, one line per rank and one column per file, the geometry
//!    deciding only which way round (the 96-cell board, hexagonal boards);
//! 3. else (names with no file/rank pattern) the geometry, each cell written with its
//!    name: `c3:K`, `c3:.`.
//!
//! Width: a drawing wider than [`MAX_WIDTH`] columns is redrawn with its one-character
//! tokens touching (`rnbbnrqk`, the columns still under their files), and when that
//! is still too wide it starts with a line saying how wide a terminal it needs.
//!
//! Tokens:
//! - two players or fewer: one character, the piece letter, upper case for the first
//!   player and lower case for the second, as in FEN (`K`, `k`); so too with more
//!   players whose pieces have two colours only (the StrategiChess team game: one
//!   player of each colour per board), upper case for the first player's colour, as
//!   a person sees them on the boards;
//! - more players: two characters, the owner's tag then the letter in upper case
//!   (`wK`, `rQ`, `bP`), the tags of the `player` lines;
//! - a variant with promoted forms (`+P`) widens the token by one for the `+`;
//! - an empty cell is `.`, or the mark of its tinted zone (`shade:` in the board file:
//!   `=`, `:`, ... in written order, named in a legend under the board); a marked cell
//!   is `*` when empty and `x` when occupied (with more than two players, `x` followed
//!   by the piece letter), right-aligned in the token.
//!
//! Labels come from the cells' names (`labels.rs`); the board prefixes of joined
//! boards (`2:` of `2:a3`) are written above their block of columns.

mod extras;
mod labels;

use super::layout::{by_names, layout, squeeze, Layout};
use super::shade::{cell_shades, MARKS};
use crate::{Cell, Position, Variant};
pub use extras::hands_line;
use extras::legend;
use labels::{column_labels, line_labels, Files};

/// The widest drawing that fits a common terminal, in columns.
pub const MAX_WIDTH: usize = 80;

/// The board as text, `marks` shown as `*` (empty) or `x` (occupied).
pub fn text_board(pos: &Position, marks: &[Cell]) -> String {
    text_view(pos, marks, &[])
}

/// [`text_board`] of a player's view of a game with hidden pieces: `pos` is his
/// [`crate::PlayerView::seen_position`] and the cells of `fog`, those he does not
/// see, are drawn `?`, so an unseen cell never looks empty.
pub fn text_view(pos: &Position, marks: &[Cell], fog: &[Cell]) -> String {
    let v = pos.variant();
    let wide = v.case_colours().is_none();
    let plus = v.piece_types().iter().any(|t| t.demotes_to.is_some());
    let token = 1 + wide as usize + plus as usize;
    let roomy = draw(pos, marks, fog, token, false);
    let width = widest(&roomy.text);
    if width <= MAX_WIDTH {
        return roomy.text;
    }
    // Touching tokens stay readable only when each is one character under its label.
    if roomy.labelled && token == 1 {
        let tight = draw(pos, marks, fog, token, true);
        if widest(&tight.text) <= MAX_WIDTH {
            return tight.text;
        }
    }
    format!(
        "(the board is {width} columns wide: widen the terminal to {width} columns)\n{}",
        roomy.text
    )
}

/// The number of characters of the longest line.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// A drawing, and whether its cells are found by labels (else by names in the cells).
struct Drawing {
    text: String,
    labelled: bool,
}

/// Where the cells go and how they are labelled: labels along the edges, else names
/// in the cells.
enum Plan {
    Labelled(Layout, Vec<String>, Files),
    Named(Layout, usize),
}

/// The first of the geometry and the names grid whose lines and columns are labelled
/// (module doc), its tokens touching when `tight`; else the geometry with the names in
/// the cells (`name_width` more columns per cell).
fn plan(v: &Variant, token: usize, tight: bool) -> Plan {
    let gap = token + 1;
    let labelled = |l: Layout| {
        let l = if tight { squeeze(&l, gap, token) } else { l };
        let ranks = line_labels(v, &l);
        let files = column_labels(v, &l, token)?;
        (!ranks.is_empty()).then_some(Plan::Labelled(l, ranks, files))
    };
    if let Some(p) = labelled(layout(v, gap)) {
        return p;
    }
    if let Some(p) = by_names(v, gap).and_then(labelled) {
        return p;
    }
    let name_width = (0..v.cell_count())
        .map(|c| v.cell_name(c as Cell).chars().count())
        .max()
        .unwrap_or(0);
    // `name:` before the token, and always one blank between cells.
    Plan::Named(layout(v, name_width + 1 + token + 1), name_width + 1)
}

/// The drawing, its tokens touching when `tight`.
fn draw(pos: &Position, marks: &[Cell], fog: &[Cell], token: usize, tight: bool) -> Drawing {
    let v = pos.variant();
    let shades = cell_shades(v.board());
    let (l, named, ranks, files) = match plan(v, token, tight) {
        Plan::Labelled(l, r, f) => (l, 0, r, Some(f)),
        Plan::Named(l, n) => (l, n, Vec::new(), None),
    };
    let slot = named + token;
    let width = l.cols + slot;
    let mut grid = vec![vec![' '; width]; l.lines];
    for (c, &(line, col)) in l.slots.iter().enumerate() {
        let mut text = if fog.contains(&(c as Cell)) {
            "?".to_owned()
        } else {
            cell_token(pos, c as Cell, marks.contains(&(c as Cell)), &shades)
        };
        if named > 0 {
            text = format!("{}:{text}", v.cell_name(c as Cell));
        }
        let chars: Vec<char> = text.chars().collect();
        let start = col + slot - chars.len().min(slot);
        for (i, ch) in chars.into_iter().take(slot).enumerate() {
            if let Some(g) = grid.get_mut(line).and_then(|r| r.get_mut(start + i)) {
                *g = ch;
            }
        }
    }
    let margin = ranks.iter().map(|r| r.chars().count()).max().unwrap_or(0);
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
    Drawing {
        text: out,
        labelled: files.is_some(),
    }
}

/// What stands on `cell`: the piece's token, `x` when marked, else the empty mark.
fn cell_token(pos: &Position, cell: Cell, marked: bool, shades: &[Option<usize>]) -> String {
    let v = pos.variant();
    let colours = v.case_colours();
    let wide = colours.is_none();
    match pos.piece_at(cell) {
        Some(p) => {
            let ty = &v.piece_types()[p.piece_type as usize];
            let upper = v.upper_case(p.owner);
            let symbol = ty.symbol(upper);
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
        None => match shades.get(cell as usize).copied().flatten() {
            Some(s) => MARKS[s % MARKS.len()].to_string(),
            None => ".".to_owned(),
        },
    }
}

#[cfg(test)]
mod tests;
