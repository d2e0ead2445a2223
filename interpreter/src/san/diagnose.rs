//! Why a move text fits no legal move: for each reading, how far it gets (no such
//! piece, none on the hinted cells, none reaching the target, the check rule, the
//! promotion), and the most telling reason of all readings.

use super::read::Reading;
use crate::error::MoveError;
use crate::ids::Cell;
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;

/// Why no legal move fits any reading: the most telling of each reading's reasons.
pub(super) fn diagnose(
    pos: &Position,
    shown: &str,
    reads: &[Reading],
    legal: &MoveList,
) -> MoveError {
    if reads.is_empty() {
        return match unknown_cell_at_end(pos, shown) {
            Some(cell) => MoveError::NoSuchCell {
                text: shown.to_owned(),
                cell,
            },
            None => MoveError::Unreadable(shown.to_owned()),
        };
    }
    let v = &*pos.v;
    let mut pseudo = MoveList::new();
    pos.gen_pseudo(&mut pseudo);
    let me = pos.to_move;
    // With turn tracks the text may name a move of any track's player to move.
    let movers = pos
        .turns
        .iter()
        .fold(1u32 << pos.to_move, |m, &p| m | 1 << p);
    let mut best: Option<(u8, MoveError)> = None;
    let lettered = reads.iter().filter(|r| r.piece.is_some());
    // A pawn's reading whose hint holds a capital (`Q` of `Qxf7`) explains nothing
    // when the capital reads as a piece letter.
    let any_lettered = reads.iter().any(|r| r.piece.is_some());
    let pawn_reads = reads.iter().filter(|r| {
        r.piece.is_none() && !(any_lettered && r.hint.chars().any(|c| c.is_ascii_uppercase()))
    });
    for r in lettered.chain(pawn_reads) {
        let piece = match r.piece {
            Some(t) => v.types[t as usize].name.clone(),
            None => v
                .types
                .iter()
                .find(|t| t.pawn)
                .map_or_else(|| "pawn".to_owned(), |t| t.name.clone()),
        };
        let mine = |c: Cell, with_hint: bool| {
            pos.piece_at(c).is_some_and(|p| {
                movers & (1 << pos.controller(p.owner, c)) != 0
                    && match r.piece {
                        Some(t) => p.piece_type == t,
                        None => v.types[p.piece_type as usize].pawn,
                    }
            }) && (!with_hint || r.hint_fits(v, c))
        };
        let cells = 0..v.cell_count() as Cell;
        let (stage, err) = if !cells.clone().any(|c| mine(c, false)) {
            let where_ = "on the board".to_owned();
            (
                0,
                MoveError::NoSuchPiece {
                    text: shown.into(),
                    piece,
                    where_,
                },
            )
        } else if !cells.clone().any(|c| mine(c, true)) {
            let where_ = format!("on {}", r.hint);
            (
                1,
                MoveError::NoSuchPiece {
                    text: shown.into(),
                    piece,
                    where_,
                },
            )
        } else if let Some(choices) = promotions(pos, r, legal) {
            (
                4,
                MoveError::Promotion {
                    text: shown.into(),
                    choices,
                },
            )
        } else if pseudo
            .iter()
            .any(|&m| m.kind != mk::PASS && r.fits_cells(pos, m))
            && pos.check_applies(me)
        {
            (3, MoveError::LeavesInCheck(shown.into()))
        } else {
            let cell = r.to.shown(v).to_owned();
            (
                2,
                MoveError::CannotReach {
                    text: shown.into(),
                    piece,
                    cell,
                },
            )
        };
        if best.as_ref().map_or(true, |(s, _)| stage > *s) {
            best = Some((stage, err));
        }
    }
    best.map_or_else(|| MoveError::Illegal(shown.to_owned()), |(_, e)| e)
}

/// The legal promotions of the moves that fit `r` but for its promotion (`None` when
/// no legal move fits the cells).
fn promotions(pos: &Position, r: &Reading, legal: &MoveList) -> Option<String> {
    let v = &*pos.v;
    let fits: Vec<Move> = legal
        .iter()
        .filter(|m| m.kind != mk::PASS && r.fits_cells(pos, **m))
        .copied()
        .collect();
    if fits.is_empty() {
        return None;
    }
    let choices: Vec<String> = fits
        .iter()
        .filter_map(|m| m.promotion())
        .map(|t| format!("{}{}", v.marks.promotion, v.types[t as usize].symbol(true)))
        .collect();
    Some(if choices.is_empty() {
        "none (this move does not promote)".to_owned()
    } else {
        choices.join(", ")
    })
}

/// The name at the end of `text` shaped like a cell name (letters then digits, as
/// `f7`; an optional board qualifier `2:` before them), when the board has no such
/// cell but names its cells that way.
fn unknown_cell_at_end(pos: &Position, text: &str) -> Option<String> {
    let v = &*pos.v;
    let core = text.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    let digits = core.len() - core.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let head = &core[..core.len() - digits];
    let letters = head.len()
        - head
            .trim_end_matches(|c: char| c.is_ascii_lowercase())
            .len();
    if digits == 0 || letters == 0 {
        return None;
    }
    let mut start = core.len() - digits - letters;
    // A capture mark before the name (`Qxz9`) is not part of it, unless the board
    // names cells with an `x` first.
    let x_names = (0..v.cell_count() as Cell).any(|c| v.cell_name(c).starts_with('x'));
    if letters > 1 && !x_names && core[start..].starts_with('x') {
        start += 1;
    }
    // A board qualifier (`2:`) before the letters belongs to the name.
    let before = &core[..start];
    if let Some(q) = before.strip_suffix(':') {
        let n = q.len()
            - q.trim_end_matches(|c: char| c.is_ascii_alphanumeric())
                .len();
        if n > 0 {
            start -= n + 1;
        }
    }
    let name = &core[start..];
    // Only a name the board's own names look like: a lower-case head and a number.
    let shaped = (0..v.cell_count() as Cell).any(|c| {
        let n = v.cell_name(c);
        n.starts_with(|ch: char| ch.is_ascii_lowercase() || ch.is_ascii_digit())
            && n.ends_with(|ch: char| ch.is_ascii_digit())
    });
    (shaped && v.cell(name).is_none()).then(|| name.to_owned())
}
