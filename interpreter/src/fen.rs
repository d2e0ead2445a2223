//! FEN for rectangular two-player boards: `PLACEMENT SIDE CASTLING EP [HALF FULL]`.
//!
//! The placement is read like a position string. `w`/`b` (or the players' tags) name
//! the side. Castling rights `KQkq` map to the declared castles by the side of the
//! king the rook stands on (K: the rook's column is after the king's), the farthest
//! rook on that side (X-FEN; with cells, the declared castle whose rook is farthest);
//! Shredder/X-FEN file letters (`HAha`) by the rook's column. A castle with piece
//! letters offers every king of its type on its line with every rook of its type found
//! from it. Each right marks the king and the rook unmoved. An en-passant square becomes the entry of the move that passed it. Pieces
//! of types with `first` moves count as unmoved when they stand on their setup cell.
//! Writing is [`Position::fen`] (`write.rs`).

mod counters;
mod write;

pub(crate) use counters::{take_counters, unwritten_counters};

use crate::error::{PositionError, PositionErrorKind as K};
use crate::ids::{bit, Cell, Player};
use crate::position::{EpEntry, Position};
use crate::posstring::{short, Field, Reader};
use crate::tables::{Op, NO_EP};
use crate::variant::{CastleInfo, Variant};

/// True for a two-player board whose rows all have the same length.
pub(crate) fn rectangular(v: &Variant) -> bool {
    v.player_count() == 2 && v.rows().windows(2).all(|w| w[0].len() == w[1].len())
}

/// True when `fs` looks like FEN rather than a position string.
pub(crate) fn is_fen(v: &Variant, fs: &[Field]) -> bool {
    if !rectangular(v) || !(4..=6).contains(&fs.len()) {
        return false;
    }
    let castling = fs[2].text;
    let ep = fs[3].text;
    let castling_like = castling == "-"
        || castling.chars().all(|c| {
            matches!(c, 'K' | 'Q' | 'k' | 'q')
                || c.is_ascii_alphabetic() && v.cell(castling).is_none()
        });
    let ep_like = ep == "-" || (!ep.contains('>') && ep_cells(v, ep).is_some());
    let both_dash = castling == "-" && ep == "-" && fs.len() == 6;
    castling_like && ep_like && !both_dash && castling.chars().all(|c| c != ',')
}

/// Column of a cell in its row.
fn column(v: &Variant, c: Cell) -> Option<usize> {
    v.rows().iter().find_map(|r| r.iter().position(|&x| x == c))
}

/// Reads FEN into a position.
pub(crate) fn read(
    r: &Reader,
    v: &std::sync::Arc<Variant>,
    fs: &[Field],
) -> Result<Position, PositionError> {
    let mut pos = Position::empty(v);
    r.placement(fs[0], &mut pos)?;
    pos.to_move = match fs[1].text {
        "w" => 0,
        "b" => 1,
        t => {
            let mut cs = t.chars();
            match (cs.next().and_then(|c| v.player_by_tag(c)), cs.next()) {
                (Some(p), None) => p,
                _ => {
                    return Err(r.err(
                        K::UnknownTag,
                        format!("expected `w` or `b`, found `{}`", short(t)),
                        fs[1].at,
                        t.len(),
                    ))
                }
            }
        }
    };
    castling(r, v, fs[2], &mut pos)?;
    for &(cell, kind) in &v.setup {
        let first = !v.castle_piece(cell, kind);
        if first && v.first_kinds & bit(kind) != 0 && pos.board[cell as usize] == kind + 1 {
            pos.virgin.insert(cell);
        }
    }
    if fs[3].text != "-" {
        en_passant(r, v, fs[3], &mut pos)?;
    }
    let num = |f: Option<&Field>, default: u32, min: u32| -> Result<u32, PositionError> {
        match f {
            None => Ok(default),
            Some(f) => f
                .text
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= min)
                .ok_or_else(|| {
                    r.err(
                        K::Number,
                        format!(
                            "expected a number of at least {min}, found `{}`",
                            short(f.text)
                        ),
                        f.at,
                        f.text.len(),
                    )
                }),
        }
    };
    pos.quiet = num(fs.get(4), 0, 0)?;
    pos.reversible = pos.quiet;
    pos.move_number = num(fs.get(5), 1, 1)?;
    pos.set_every_turn();
    r.finish(pos)
}

fn castling(r: &Reader, v: &Variant, f: Field, pos: &mut Position) -> Result<(), PositionError> {
    if f.text == "-" {
        return Ok(());
    }
    for (i, ch) in f.text.char_indices() {
        let player: Player = if ch.is_ascii_uppercase() { 0 } else { 1 };
        let mine = pairs(v, player, &pos.board);
        let pick = match ch.to_ascii_uppercase() {
            'K' | 'Q' => {
                let king_side = ch.eq_ignore_ascii_case(&'K');
                mine.into_iter()
                    .filter(|&(_, k, r)| (column(v, r) > column(v, k)) == king_side)
                    .max_by_key(|&(_, k, r)| {
                        let d = column(v, r).unwrap_or(0) as i64 - column(v, k).unwrap_or(0) as i64;
                        d.abs()
                    })
            }
            x if x.is_ascii_alphabetic() => {
                let col = (x as u8 - b'A') as usize;
                mine.into_iter()
                    .find(|&(_, _, r)| column(v, r) == Some(col))
            }
            _ => None,
        };
        let file_letter = !matches!(ch.to_ascii_uppercase(), 'K' | 'Q');
        if file_letter && v.hands.gate_kinds != 0 && ch.is_ascii_alphabetic() {
            // Seirawan chess's gate: the file of an unmoved piece that may let a piece
            // of its player's hand in (Fairy-Stockfish's `KQBCDFGkqbcdfg`, and `ACFH`
            // once the king has moved).
            let col = (ch.to_ascii_uppercase() as u8 - b'A') as usize;
            let ntypes = v.types.len();
            // Only a kind whose unmoved state is kept (one that stands on a gate cell at
            // the start): a pawn put on the first rank opens no gate.
            let gate = (0..v.cell_count() as Cell).find(|&c| {
                let sq = pos.board[c as usize];
                column(v, c) == Some(col)
                    && sq != 0
                    && v.kind_owner[sq as usize - 1] == player
                    && v.virgin_kinds & bit(sq - 1) != 0
                    && v.hands.gates_at(player, c, ntypes)
            });
            if let Some(c) = gate {
                pos.virgin.insert(c);
                continue;
            }
        }
        let Some((c, king_from, rook_from)) = pick else {
            return Err(r.err(
                K::Illegal,
                format!("no castle of this variant matches the right `{ch}`"),
                f.at + i,
                ch.len_utf8(),
            ));
        };
        let king = v.kind(c.king_type, c.player) + 1;
        let rook = v.kind(c.rook_type, c.player) + 1;
        if pos.board[king_from as usize] != king || pos.board[rook_from as usize] != rook {
            return Err(r.err(
                K::Illegal,
                format!(
                    "castling right `{ch}` needs the pieces on `{}` and `{}`",
                    v.cell_name(king_from),
                    v.cell_name(rook_from)
                ),
                f.at + i,
                ch.len_utf8(),
            ));
        }
        pos.virgin.insert(king_from);
        pos.virgin.insert(rook_from);
    }
    Ok(())
}

/// The castles of `player` with the cells of their king and rook on `board`, in
/// declaration order (see [`Variant::castle_pairs`]).
fn pairs<'v>(v: &'v Variant, player: Player, board: &[u8]) -> Vec<(&'v CastleInfo, Cell, Cell)> {
    v.castles
        .iter()
        .filter(|c| c.player == player)
        .flat_map(|c| {
            v.castle_pairs(c, board)
                .into_iter()
                .map(move |(k, r)| (c, k, r))
        })
        .collect()
}

/// The cells of an en-passant field: one cell name, or several written together as
/// Fairy-Stockfish writes them when a move passed more than one cell (`c3d4` after a
/// Berolina pawn's b2-d4: the cell passed and, as FSF counts it, the cell reached).
/// `None` when the text is not a run of cell names.
fn ep_cells(v: &Variant, text: &str) -> Option<Vec<Cell>> {
    const MAX: usize = 8;
    let mut cells = Vec::new();
    let mut rest = text;
    while !rest.is_empty() && cells.len() < MAX {
        let letters = rest.find(|c: char| !c.is_ascii_lowercase())?;
        let digits = rest[letters..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |n| letters + n);
        cells.push(v.cell(&rest[..digits])?);
        rest = &rest[digits..];
    }
    (rest.is_empty() && !cells.is_empty()).then_some(cells)
}

/// Finds the move of the player not to move that passed one of the field's cells (the
/// first that a move passed) and ended where a piece of his now stands.
fn en_passant(r: &Reader, v: &Variant, f: Field, pos: &mut Position) -> Result<(), PositionError> {
    let cells = ep_cells(v, f.text).ok_or_else(|| {
        r.err(
            K::UnknownCell,
            format!("unknown cell `{}`", short(f.text)),
            f.at,
            f.text.len(),
        )
    })?;
    for square in cells {
        if let Some(entry) = ep_entry(v, pos, square) {
            pos.insert_ep(entry);
            return Ok(());
        }
    }
    Err(r.err(
        K::Illegal,
        format!(
            "no piece of the player not to move could have passed `{}`",
            f.text
        ),
        f.at,
        f.text.len(),
    ))
}

/// The en-passant entry of the move of the player not to move that passed `square`
/// and ended where a piece of his now stands.
fn ep_entry(v: &Variant, pos: &Position, square: Cell) -> Option<EpEntry> {
    let creator = 1 - pos.to_move;
    let t = &v.tables;
    let cells = v.cell_count();
    for (victim, &sq) in pos.board.iter().enumerate() {
        if sq == 0 || v.kind_owner[sq as usize - 1] != creator {
            continue;
        }
        let kind = sq - 1;
        for origin in 0..cells as Cell {
            if pos.board[origin as usize] != 0 {
                continue;
            }
            for a in t.atoms(t.slot(kind, origin)) {
                if !a.creates_ep {
                    continue;
                }
                let mut found = NO_EP;
                match a.op {
                    Op::Targets => {
                        for x in t.targets_of(a) {
                            if x.to as usize == victim
                                && x.ep != NO_EP
                                && t.ep_path(x.ep).contains(&square)
                            {
                                found = x.ep;
                            }
                        }
                    }
                    Op::Slide => {
                        let mut at = a.ep as usize;
                        for &rid in t.rays_of(a) {
                            for (i, n) in v.topo.ray(rid).iter().enumerate() {
                                let id = t.ep_ids[at + i];
                                // Only a slide's allowed lengths are moves it makes.
                                let steps = i as u16 + 1;
                                if n.cell as usize == victim
                                    && (a.min..=a.max).contains(&steps)
                                    && id != NO_EP
                                    && t.ep_path(id).contains(&square)
                                {
                                    found = id;
                                }
                            }
                            at += v.topo.ray(rid).len();
                        }
                    }
                    _ => {}
                }
                if found != NO_EP {
                    return Some(EpEntry {
                        path: found,
                        victim: victim as Cell,
                        creator,
                    });
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::posstring::fields;
    use crate::testing::chess;

    #[test]
    fn fen_is_recognised() {
        let v = chess();
        assert!(rectangular(&v));
        let is = |s: &str| is_fen(&v, &fields(s));
        assert!(is("8/8/8/8/8/8/8/K6k w KQkq - 0 1"));
        assert!(is("8/8/8/8/8/8/8/K6k w HAha e3"));
        assert!(is("8/8/8/8/8/8/8/K6k w - -"));
        assert!(
            !is("8/8/8/8/8/8/8/K6k w - - 0 1"),
            "the same in both forms: read as a position string"
        );
        assert!(!is("8/8/8/8/8/8/8/K6k w a1,e1 e3>e4 0 1"));
    }

    #[test]
    fn castling_rights_map_to_castles() {
        let v = chess();
        let p = Position::from_str(&v, "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1").unwrap();
        let unmoved: Vec<&str> = ["a1", "e1", "h1", "a8", "e8", "h8"]
            .into_iter()
            .filter(|c| p.is_unmoved(v.cell(c).unwrap()))
            .collect();
        assert_eq!(unmoved, ["a1", "e1", "e8", "h8"]);
        assert!(Position::from_str(&v, "r3k2r/8/8/8/8/8/8/R3K2R w C - 0 1").is_err());
    }

    #[test]
    fn en_passant_square_finds_the_pawn() {
        let v = chess();
        let p = Position::from_str(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        assert!(p.to_string().contains(" d6>d5 "));
        // The pawn on g4 passed g3; the one on g5 could not have (three steps).
        let p = Position::from_str(&v, "3k4/8/8/6P1/5pP1/8/8/4K3 b - g3 0 11").unwrap();
        assert!(p.to_string().contains(" g3>g4 "), "{p}");
        // A square no pawn of the player to move attacks is dropped, as
        // Fairy-Stockfish drops it: the position is the one without it.
        let idle = Position::from_str(&v, "3k4/8/8/6P1/6P1/8/8/4K3 b - g3 0 11").unwrap();
        let none = Position::from_str(&v, "3k4/8/8/6P1/6P1/8/8/4K3 b - - 0 11").unwrap();
        assert_eq!(idle, none);
        assert_eq!(idle.fen().unwrap(), "3k4/8/8/6P1/6P1/8/8/4K3 b - - 0 11");
    }
}
