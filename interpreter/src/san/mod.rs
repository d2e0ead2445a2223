//! Short, SAN-like notation for any variant: `Nf3`, `exd5`, `e8=Q`, `O-O`, `Qh4#`.
//!
//! Everything comes from the rule file: piece letters (none for `pawn` types),
//! castle names, and the `notation` marks (promotion, check, mate). Cell names may be
//! anything the board allows (`a1`, `d10`, `k:a3`): a name splits into its *file*
//! (everything before the trailing digits) and its *rank* (the trailing digits).
//!
//! Writing ([`san`]):
//! - a pass is `pass`; a castle is its name from the rules;
//! - otherwise the piece letter (none for pawns), a hint naming the from cell when
//!   another piece of the same type can reach the same cell (its file if that tells
//!   them apart, else its rank, else the whole cell name; a pawn that captures always
//!   writes at least its file), `x` for a capture (en passant included), the target
//!   cell, then the promotion mark and the new type's letter;
//! - then the mate mark or the check mark. **Mate**: after the move the game is over
//!   with a win for the mover, or the next player has no legal move (at most a pass)
//!   while in check under the check rule, and the mover's pieces give that check:
//!   checkmate as the position's `end` clauses see it, whether it ends the game or
//!   eliminates him (with N players, a move that leaves the next player mated by a
//!   third player's check is no mate of this move). **Check**: otherwise,
//!   a royal of another player still in the game is attacked by pieces the mover
//!   moves (with N players, a royal attacked only by a third player is no check of
//!   this move).
//!
//! The text written is read back by [`parse_move`] as the same move; when a board's
//! names would make it read two ways, the long form is written instead.
//!
//! Reading ([`parse_move`]) is lenient; see `read.rs`. A draw offer is not part of a
//! move: [`san`] never writes the `notation draw` mark (the game record adds it
//! after the offering player's move), [`parse_move_with_offer`] reads it.

mod diagnose;
pub(crate) mod names;
mod read;

pub use read::{parse_move, parse_move_among, parse_move_with_offer, parse_move_with_offer_among};

use crate::ids::{Cell, Player};
use crate::moves::{mk, Move, MoveList};
use crate::outcome::Score;
use crate::position::Position;
use crate::variant::Variant;
use names::{disambiguation, Hint};

/// The move in the variant's SAN. A move that is not legal here is written in long
/// notation (never a panic).
pub fn san(pos: &mut Position, mv: Move) -> String {
    // Every move the rules allow, adjudication aside: a move of a drawn game is still
    // written in SAN (reviews, records of a game played on).
    let mut legal = MoveList::new();
    pos.perft_moves_into(&mut legal);
    san_among(pos, mv, &legal)
}

/// Every move the rules allow here (adjudication aside, as [`san`] writes them) with
/// its SAN, generating the moves once: for move lists, and callers that write every
/// move of a position.
pub fn san_every(pos: &mut Position) -> Vec<(Move, String)> {
    let mut legal = MoveList::new();
    pos.perft_moves_into(&mut legal);
    legal
        .iter()
        .map(|&m| (m, san_among(pos, m, &legal)))
        .collect()
}

/// [`san`] among `legal`, the moves perft counts at `pos`.
fn san_among(pos: &mut Position, mv: Move, legal: &MoveList) -> String {
    let Some(&mv) = legal.iter().find(|m| m.same(mv)) else {
        return pos.long(mv);
    };
    let v = pos.v.clone();
    let body = match mv.kind {
        mk::PASS => "pass".to_owned(),
        mk::DROP => v.drop_text(v.kind_type[mv.aux as usize], mv.to),
        mk::CASTLE => match v.castles.get(mv.castle_index()) {
            Some(c) => c.name.clone() + &gate_text(&v, mv),
            None => pos.long(mv),
        },
        _ => {
            let written = piece_move(pos, mv, legal, Hint::Least);
            if read::parse_among(pos, &written, legal) == Some(mv) {
                written
            } else {
                let full = piece_move(pos, mv, legal, Hint::Name);
                if read::parse_among(pos, &full, legal) == Some(mv) {
                    full
                } else {
                    pos.long(mv)
                }
            }
        }
    };
    body + &suffix(pos, mv)
}

/// Letter, hint, capture mark, target and promotion of an ordinary move.
fn piece_move(pos: &Position, mv: Move, legal: &[Move], least: Hint) -> String {
    let v = &*pos.v;
    let Some(piece) = pos.piece_at(mv.from) else {
        return pos.long(mv);
    };
    let ty = &v.types[piece.piece_type as usize];
    // A promotion in place (`to == from`) takes nothing.
    let capture = mv.kind == mk::EP_CAPTURE || (pos.board[mv.to as usize] != 0 && mv.to != mv.from);
    let rivals: Vec<Cell> = legal
        .iter()
        .filter(|m| {
            m.kind != mk::PASS
                && m.kind != mk::CASTLE
                && m.to == mv.to
                && m.from != mv.from
                && pos
                    .piece_at(m.from)
                    .is_some_and(|p| p.piece_type == piece.piece_type)
        })
        .map(|m| m.from)
        .collect();
    let mut out = String::new();
    if !ty.pawn {
        out += &ty.symbol(true).to_string();
    }
    let hint = disambiguation(v, mv.from, &rivals, ty.pawn && capture, least);
    // With qualified names a hint run into the target reads as other cells
    // (`2:b` + `2:b8` = `2:b2:b8`): a move that takes nothing then names its whole
    // from cell and a dash (`2:b7-2:b8`), as long notation does; a capture's `x`
    // already separates them.
    let qualified = hint.contains(':') || v.cell_name(mv.to).contains(':');
    if !capture && !hint.is_empty() && qualified {
        out += v.cell_name(mv.from);
        out.push('-');
    } else {
        out += &hint;
    }
    if capture {
        out.push('x');
    }
    out += v.cell_name(mv.to);
    if let Some(t) = mv.promotion() {
        out += &v.marks.promotion;
        out += &v.types[t as usize].symbol(true).to_string();
    }
    out + &gate_text(v, mv)
}

/// The gate of a move, as SAN writes it after the move: `/H` (the piece from hand
/// enters the cell the move leaves), for a castle with that cell (`O-O/He1`, `O-O/Hh1`);
/// empty for a move without a gate.
fn gate_text(v: &Variant, mv: Move) -> String {
    let Some((t, on_partner)) = mv.gate() else {
        return String::new();
    };
    let symbol = v.types[t as usize].symbol(true);
    if mv.kind == mk::CASTLE {
        format!("/{symbol}{}", v.cell_name(v.gate_cell(mv, on_partner)))
    } else {
        format!("/{symbol}")
    }
}

/// The mate or check mark of a legal move.
fn suffix(pos: &mut Position, mv: Move) -> String {
    let me = pos.mover(mv);
    let v = pos.v.clone();
    pos.make(mv);
    let mate = match pos.finish {
        Some(f) => f.scores(v.player_count()).get(me as usize) == Some(&Score::Win),
        // The cheap tests first: the next player's moves are generated only when he
        // is in check from the mover.
        None => {
            pos.stuck_in_check() && gives_check(pos, me) && {
                let mut list = std::mem::take(&mut pos.scratch);
                pos.rule_moves_into(&mut list);
                let stuck = list.iter().all(|m| m.kind == mk::PASS && m.aux == 0);
                pos.scratch = list;
                stuck
            }
        }
    };
    let check = !mate && gives_check(pos, me);
    pos.unmake();
    if mate {
        v.marks.mate.clone()
    } else if check {
        v.marks.check.clone()
    } else {
        String::new()
    }
}

/// True when a royal of another active player, not a partner, is attacked by `me`'s
/// pieces.
fn gives_check(pos: &Position, me: Player) -> bool {
    let mine = pos.friends_of(me);
    let team = pos.team_of(me);
    (0..pos.v.player_count() as Player)
        .filter(|&p| team & (1 << p) == 0 && !pos.is_eliminated(p))
        .any(|p| {
            let mut cells = [0 as Cell; 8];
            let n = pos.royals_of(p, &mut cells).min(cells.len());
            cells[..n]
                .iter()
                .any(|&c| pos.royal_cell_attacked(p, c, mine))
        })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_qualified;
